import { describe, expect, it } from 'vitest';
import { assertCron, keyedJobId, periodStart } from './periods';

describe('periodStart', () => {
  const every15 = '*/15 * * * *';

  it('is the last firing at or before the instant, in UTC', () => {
    expect(periodStart(every15, new Date('2026-06-10T12:14:59.999Z')).toISOString()).toBe(
      '2026-06-10T12:00:00.000Z',
    );
    expect(periodStart(every15, new Date('2026-06-10T12:15:00.000Z')).toISOString()).toBe(
      '2026-06-10T12:15:00.000Z',
    );
    expect(periodStart(every15, new Date('2026-06-10T12:15:00.001Z')).toISOString()).toBe(
      '2026-06-10T12:15:00.000Z',
    );
    expect(periodStart('0 3 * * *', new Date('2026-06-10T02:59:00.000Z')).toISOString()).toBe(
      '2026-06-09T03:00:00.000Z',
    );
  });

  it('does not move with daylight saving time (US change on 8 March 2026)', () => {
    expect(periodStart('30 * * * *', new Date('2026-03-08T07:10:00.000Z')).toISOString()).toBe(
      '2026-03-08T06:30:00.000Z',
    );
  });
});

describe('keyedJobId', () => {
  it('is one well-formed uuid per queue and key', () => {
    const id = keyedJobId('subscription-renewals', 'period:2026-06-10T12:15:00.000Z');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keyedJobId('subscription-renewals', 'period:2026-06-10T12:15:00.000Z')).toBe(id);
    expect(keyedJobId('subscription-renewals', 'period:2026-06-10T12:30:00.000Z')).not.toBe(id);
    expect(keyedJobId('db-statistics', 'period:2026-06-10T12:15:00.000Z')).not.toBe(id);
  });
});

describe('assertCron', () => {
  it('refuses what is not a cron expression', () => {
    expect(() => assertCron('*/15 * * * *')).not.toThrow();
    expect(() => assertCron('every quarter hour')).toThrow();
  });
});
