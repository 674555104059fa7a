import { describe, expect, it } from 'vitest';
import { wallTimeAt } from '../scheduling/zoned-time';
import {
  bannerAt,
  EASTERN_TIME_ZONE,
  holidaysOf,
  isAfterHours,
  isAfterHoursOnClocks,
  isHoliday,
  OFFICE_BANNER_TEXTS,
  PACIFIC_TIME_ZONE,
} from './office-hours';

/** 'HH:mm' of the instant on a zone's clock, to show what each UTC instant of these tests reads. */
const clock = (iso: string, timeZone: string) => {
  const w = wallTimeAt(new Date(iso), timeZone);
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
};

const HOLIDAYS: Record<number, string[]> = {
  2026: ['01-01', '01-19', '02-16', '05-25', '07-04', '09-07', '11-11', '11-26', '12-25'],
  2027: ['01-01', '01-18', '02-15', '05-31', '07-04', '09-06', '11-11', '11-25', '12-25'],
  2028: ['01-01', '01-17', '02-21', '05-29', '07-04', '09-04', '11-11', '11-23', '12-25'],
};

describe('holidaysOf (001 §9)', () => {
  it.each(Object.entries(HOLIDAYS))('lists the nine holidays of %s in calendar order', (year, dates) => {
    expect(
      holidaysOf(Number(year)).map(
        (h) => `${String(h.month).padStart(2, '0')}-${String(h.day).padStart(2, '0')}`,
      ),
    ).toEqual(dates);
  });

  it('names each holiday', () => {
    expect(holidaysOf(2026).map((h) => h.name)).toEqual([
      "New Year's Day",
      'Martin Luther King Jr. Day',
      "Presidents' Day",
      'Memorial Day',
      'Independence Day',
      'Labor Day',
      'Veterans Day',
      'Thanksgiving Day',
      'Christmas Day',
    ]);
  });
});

describe('isHoliday (001 §9, Pacific calendar date)', () => {
  const cases = Object.entries(HOLIDAYS).flatMap(([year, dates]) => dates.map((d) => `${year}-${d}`));

  // 19:30 UTC is 11:30 or 12:30 in Pacific time: the same calendar date, winter or summer.
  it.each(cases)('%s is a holiday', (date) => {
    expect(isHoliday(new Date(`${date}T19:30:00Z`))).toBe(true);
  });

  it.each(cases)('the day before %s is not', (date) => {
    const before = new Date(Date.parse(`${date}T19:30:00Z`) - 24 * 3_600_000);
    expect(isHoliday(before)).toBe(false);
  });

  it('keeps a fixed holiday on its date when it falls on a weekend (no observed day)', () => {
    // Jul 4 2026 is a Saturday, Jul 4 2027 a Sunday.
    expect(isHoliday(new Date('2026-07-03T19:30:00Z'))).toBe(false);
    expect(isHoliday(new Date('2026-07-04T19:30:00Z'))).toBe(true);
    expect(isHoliday(new Date('2027-07-05T19:30:00Z'))).toBe(false);
  });

  it('judges by the Pacific date, not the UTC one', () => {
    // 2026-12-25 07:30 UTC is Dec 24, 23:30 PST.
    expect(wallTimeAt(new Date('2026-12-25T07:30:00Z'), PACIFIC_TIME_ZONE).day).toBe(24);
    expect(isHoliday(new Date('2026-12-25T07:30:00Z'))).toBe(false);
    // 08:00 UTC is midnight of Dec 25 in Pacific time.
    expect(isHoliday(new Date('2026-12-25T08:00:00Z'))).toBe(true);
    // 2026-12-26 05:00 UTC is still Dec 25, 21:00 PST; 08:00 UTC is Dec 26.
    expect(wallTimeAt(new Date('2026-12-26T05:00:00Z'), PACIFIC_TIME_ZONE).day).toBe(25);
    expect(isHoliday(new Date('2026-12-26T05:00:00Z'))).toBe(true);
    expect(isHoliday(new Date('2026-12-26T08:00:00Z'))).toBe(false);
  });

  it('judges a weekday holiday by the Pacific date too', () => {
    // Thanksgiving 2026: Nov 27 03:00 UTC is Nov 26, 19:00 PST; Nov 26 07:59 UTC is Nov 25, 23:59 PST.
    expect(isHoliday(new Date('2026-11-27T03:00:00Z'))).toBe(true);
    expect(isHoliday(new Date('2026-11-26T07:59:00Z'))).toBe(false);
  });
});

describe('isAfterHoursOnClocks (001 §9)', () => {
  it('is within office hours only when both clocks are', () => {
    expect(isAfterHoursOnClocks(6, 9)).toBe(false);
    expect(isAfterHoursOnClocks(15, 18)).toBe(false);
  });

  it('is after hours when the Pacific clock alone is before 6:00 or from 16:00', () => {
    expect(isAfterHoursOnClocks(5, 10)).toBe(true);
    expect(isAfterHoursOnClocks(16, 18)).toBe(true);
  });

  it('is after hours when the Eastern clock alone is before 9:00 or from 19:00', () => {
    expect(isAfterHoursOnClocks(7, 8)).toBe(true);
    expect(isAfterHoursOnClocks(15, 19)).toBe(true);
  });
});

describe('isAfterHours (001 §9), instants built from UTC', () => {
  // Eastern is 3 hours ahead of Pacific: Pacific 6:00 is Eastern 9:00 and Pacific 16:00 is Eastern 19:00.
  it.each([
    // Summer (PDT, EDT): Wednesday Jun 10 2026.
    ['2026-06-10T12:59:00Z', '05:59', '08:59', true],
    ['2026-06-10T13:00:00Z', '06:00', '09:00', false],
    ['2026-06-10T22:59:00Z', '15:59', '18:59', false],
    ['2026-06-10T23:00:00Z', '16:00', '19:00', true],
    // Winter (PST, EST): Wednesday Jan 13 2027.
    ['2027-01-13T13:59:00Z', '05:59', '08:59', true],
    ['2027-01-13T14:00:00Z', '06:00', '09:00', false],
    ['2027-01-13T23:59:00Z', '15:59', '18:59', false],
    ['2027-01-14T00:00:00Z', '16:00', '19:00', true],
    // Late evening and night.
    ['2026-06-11T06:00:00Z', '23:00', '02:00', true],
    ['2026-06-10T09:00:00Z', '02:00', '05:00', true],
  ] as const)('%s (Pacific %s, Eastern %s) after hours: %s', (iso, pacific, eastern, after) => {
    expect(clock(iso, PACIFIC_TIME_ZONE)).toBe(pacific);
    expect(clock(iso, EASTERN_TIME_ZONE)).toBe(eastern);
    expect(isAfterHours(new Date(iso))).toBe(after);
  });

  it('has no weekend rule: a Saturday and a Sunday morning are office hours', () => {
    expect(isAfterHours(new Date('2026-06-13T17:00:00Z'))).toBe(false);
    expect(isAfterHours(new Date('2026-06-14T17:00:00Z'))).toBe(false);
    expect(bannerAt(new Date('2026-06-13T17:00:00Z'))).toBe('none');
  });
});

describe('isAfterHours on daylight-saving change days', () => {
  it.each([
    // Spring forward: from 2:00 the zones are PDT (UTC-7) and EDT (UTC-4).
    [
      '2026-03-08',
      '2026-03-08T12:59:00Z',
      '2026-03-08T13:00:00Z',
      '2026-03-08T22:59:00Z',
      '2026-03-08T23:00:00Z',
    ],
    [
      '2027-03-14',
      '2027-03-14T12:59:00Z',
      '2027-03-14T13:00:00Z',
      '2027-03-14T22:59:00Z',
      '2027-03-14T23:00:00Z',
    ],
    // Fall back: from 2:00 the zones are PST (UTC-8) and EST (UTC-5).
    [
      '2026-11-01',
      '2026-11-01T13:59:00Z',
      '2026-11-01T14:00:00Z',
      '2026-11-01T23:59:00Z',
      '2026-11-02T00:00:00Z',
    ],
    [
      '2027-11-07',
      '2027-11-07T13:59:00Z',
      '2027-11-07T14:00:00Z',
      '2027-11-07T23:59:00Z',
      '2027-11-08T00:00:00Z',
    ],
  ])(
    'on %s office hours run from 06:00 to 16:00 Pacific on the new offset',
    (_day, before6, at6, before16, at16) => {
      expect(clock(before6, PACIFIC_TIME_ZONE)).toBe('05:59');
      expect(clock(at6, PACIFIC_TIME_ZONE)).toBe('06:00');
      expect(clock(at6, EASTERN_TIME_ZONE)).toBe('09:00');
      expect(clock(before16, PACIFIC_TIME_ZONE)).toBe('15:59');
      expect(clock(at16, PACIFIC_TIME_ZONE)).toBe('16:00');
      expect(clock(at16, EASTERN_TIME_ZONE)).toBe('19:00');
      expect(isAfterHours(new Date(before6))).toBe(true);
      expect(isAfterHours(new Date(at6))).toBe(false);
      expect(bannerAt(new Date(at6))).toBe('none');
      expect(isAfterHours(new Date(before16))).toBe(false);
      expect(isAfterHours(new Date(at16))).toBe(true);
    },
  );

  it('moves the UTC instant of opening by an hour across each change', () => {
    // 13:00 UTC is 05:00 PST the day before spring forward, 06:00 PDT on the day.
    expect(isAfterHours(new Date('2026-03-07T13:00:00Z'))).toBe(true);
    expect(isAfterHours(new Date('2026-03-08T13:00:00Z'))).toBe(false);
    // 13:00 UTC is 06:00 PDT the day before fall back, 05:00 PST on the day.
    expect(isAfterHours(new Date('2027-11-06T13:00:00Z'))).toBe(false);
    expect(isAfterHours(new Date('2027-11-07T13:00:00Z'))).toBe(true);
  });
});

describe('bannerAt (001 §4, §9)', () => {
  it('is none in office hours on an ordinary day', () => {
    expect(bannerAt(new Date('2026-06-10T18:00:00Z'))).toBe('none');
  });

  it('is after-hours outside office hours on an ordinary day', () => {
    expect(bannerAt(new Date('2026-06-10T23:00:00Z'))).toBe('after-hours');
    expect(bannerAt(new Date('2026-12-25T07:30:00Z'))).toBe('after-hours');
  });

  it('is holiday all day on a holiday, office hours or not', () => {
    expect(bannerAt(new Date('2026-12-25T18:00:00Z'))).toBe('holiday');
    // 21:00 PST on Dec 25: after hours, but the holiday takes precedence.
    expect(isAfterHours(new Date('2026-12-26T05:00:00Z'))).toBe(true);
    expect(bannerAt(new Date('2026-12-26T05:00:00Z'))).toBe('holiday');
    expect(bannerAt(new Date('2026-11-26T09:00:00Z'))).toBe('holiday');
  });
});

describe('OFFICE_BANNER_TEXTS (001 §9)', () => {
  it('states the office hours in both zones after hours', () => {
    expect(OFFICE_BANNER_TEXTS['after-hours']).toContain('9 AM to 7 PM EST or 6 AM to 4 PM PST');
    expect(OFFICE_BANNER_TEXTS['after-hours']).toBe(
      'Our care team is away right now. Office hours are 9 AM to 7 PM EST or 6 AM to 4 PM PST; we will answer your message when we are back.',
    );
  });

  it('says the offices run with essential staff on holidays', () => {
    expect(OFFICE_BANNER_TEXTS.holiday).toContain('offices run with essential staff from 9 AM to 4 PM');
    expect(OFFICE_BANNER_TEXTS.holiday).toBe(
      'Happy holidays! Our offices run with essential staff from 9 AM to 4 PM today, so answers may take a little longer.',
    );
  });
});
