import { describe, expect, it } from 'vitest';
import { addCalendarDays, calendarDateIn, calendarDateLabel, groupByLocalDay } from './schedule-view';

describe('the clinic schedule by local day', () => {
  it('reads the calendar date of an instant in the zone', () => {
    const late = new Date('2026-03-09T02:30:00Z');
    expect(calendarDateIn(late, 'America/Los_Angeles')).toBe('2026-03-08');
    expect(calendarDateIn(late, 'UTC')).toBe('2026-03-09');
  });

  it('moves dates across month and year ends and leap days', () => {
    expect(addCalendarDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addCalendarDays('2026-11-01', 7)).toBe('2026-11-08');
  });

  it('labels a date with its weekday', () => {
    expect(calendarDateLabel('2026-06-10')).toBe('Wednesday, June 10');
  });

  it('groups appointments by their local day, in time order', () => {
    const at = (start: string) => ({ event: { start_time: start } });
    const groups = groupByLocalDay(
      [at('2026-03-09T18:00:00Z'), at('2026-03-09T02:30:00Z'), at('2026-03-08T17:00:00Z')],
      'America/Los_Angeles',
    );
    expect(groups.map((g) => [g.date, g.items.map((i) => i.event.start_time)])).toEqual([
      ['2026-03-08', ['2026-03-08T17:00:00Z', '2026-03-09T02:30:00Z']],
      ['2026-03-09', ['2026-03-09T18:00:00Z']],
    ]);
  });
});
