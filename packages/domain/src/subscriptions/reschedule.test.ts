import { describe, expect, it } from 'vitest';
import {
  addYear,
  earliestRescheduleDate,
  isRescheduleOverdue,
  isSelectableRescheduleDate,
  rescheduleTimeOf,
  rescheduleTimeToDate,
  rescheduleWindow,
} from './reschedule';

describe('earliestRescheduleDate (001 §9)', () => {
  it('3 months: 3 x 30 x 0.84 = 75.6 -> 76 days, minus 5 = 71 days after the period start', () => {
    // 2027-01-10 + 71 days: Jan has 21 days left (to Jan 31), Feb 28 -> 49, Mar 22 -> 71: 2027-03-22.
    expect(
      earliestRescheduleDate({ currentPeriodStart: '2027-01-10', durationMonths: 3, today: '2027-01-15' }),
    ).toBe('2027-03-22');
  });
  it('1 month: 30 x 0.84 = 25.2 -> 26, minus 5 = 21 days', () => {
    // 2027-02-01 + 21 = 2027-02-22.
    expect(
      earliestRescheduleDate({ currentPeriodStart: '2027-02-01', durationMonths: 1, today: '2027-02-02' }),
    ).toBe('2027-02-22');
  });
  it('6 months: 6 x 30 x 0.84 = 151.2 -> 152, minus 5 = 147 days', () => {
    // 2027-01-01 + 147: Jan 30 left -> 30, Feb 28 -> 58, Mar 31 -> 89, Apr 30 -> 119, May 28 -> 147: 2027-05-28.
    expect(
      earliestRescheduleDate({ currentPeriodStart: '2027-01-01', durationMonths: 6, today: '2027-01-01' }),
    ).toBe('2027-05-28');
  });
  it('never before today, and today without a period', () => {
    expect(
      earliestRescheduleDate({ currentPeriodStart: '2026-01-01', durationMonths: 1, today: '2027-03-05' }),
    ).toBe('2027-03-05');
    expect(earliestRescheduleDate({ currentPeriodStart: null, durationMonths: 3, today: '2027-03-05' })).toBe(
      '2027-03-05',
    );
  });
});

describe('rescheduleWindow', () => {
  it('runs to one year from today, disables the scheduled date and preselects the day after it', () => {
    const w = rescheduleWindow({
      currentPeriodStart: '2027-01-10',
      durationMonths: 3,
      scheduled: '2027-04-10',
      today: '2027-02-01',
    });
    expect(w).toEqual({
      earliest: '2027-03-22',
      latest: '2028-02-01',
      scheduled: '2027-04-10',
      preselected: '2027-04-11',
    });
    expect(isSelectableRescheduleDate(w, '2027-04-10')).toBe(false);
    expect(isSelectableRescheduleDate(w, '2027-03-21')).toBe(false);
    expect(isSelectableRescheduleDate(w, '2027-03-22')).toBe(true);
    expect(isSelectableRescheduleDate(w, '2028-02-01')).toBe(true);
    expect(isSelectableRescheduleDate(w, '2028-02-02')).toBe(false);
    expect(isSelectableRescheduleDate(w, 'soon')).toBe(false);
  });
  it('preselects the earliest date without a scheduled date or when the day after is outside', () => {
    const base = { currentPeriodStart: '2027-01-10', durationMonths: 3, today: '2027-02-01' };
    expect(rescheduleWindow({ ...base, scheduled: null }).preselected).toBe('2027-03-22');
    expect(rescheduleWindow({ ...base, scheduled: '2027-02-10' }).preselected).toBe('2027-03-22');
  });
  it('a year from 29 February is 28 February', () => {
    expect(addYear('2028-02-29')).toBe('2029-02-28');
    expect(addYear('2027-12-31')).toBe('2028-12-31');
  });
});

describe('isRescheduleOverdue', () => {
  it('warns only after the prescription expiration date', () => {
    expect(isRescheduleOverdue('2027-05-01', '2027-05-01')).toBe(false);
    expect(isRescheduleOverdue('2027-05-02', '2027-05-01T00:00:00.000Z')).toBe(true);
    expect(isRescheduleOverdue('2027-05-02', null)).toBe(false);
  });
});

describe('reschedule time readings (001 §7)', () => {
  it('reads seconds and milliseconds by magnitude', () => {
    // 1_806_321_600 s = 2027-03-29T12:00:00Z; the same instant in milliseconds reads the same.
    expect(rescheduleTimeToDate(1_806_321_600).toISOString()).toBe('2027-03-29T12:00:00.000Z');
    expect(rescheduleTimeToDate(1_806_321_600_000).toISOString()).toBe('2027-03-29T12:00:00.000Z');
    expect(rescheduleTimeOf('2027-03-29')).toBe(1_806_321_600_000);
  });
});
