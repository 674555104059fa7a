import { describe, expect, it } from 'vitest';
import {
  ageFromMmDdYyyy,
  ageOn,
  compareCalendarDates,
  daysInMonth,
  formatIsoDate,
  formatMmDdYyyy,
  isLeapYear,
  isoToMmDdYyyy,
  isPlausibleBirthday,
  isValidMmDdYyyy,
  maskBirthday,
  mmDdYyyyToIso,
  parseIsoDate,
  parseMmDdYyyy,
  toCalendarDate,
} from './date';

const TODAY = new Date(2024, 5, 15, 13, 45); // 15 June 2024, local time

describe('isLeapYear / daysInMonth', () => {
  it('follows the Gregorian rules', () => {
    expect(isLeapYear(2024)).toBe(true);
    expect(isLeapYear(2023)).toBe(false);
    expect(isLeapYear(1900)).toBe(false);
    expect(isLeapYear(2000)).toBe(true);
  });

  it('counts days per month', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(2023, 4)).toBe(30);
    expect(daysInMonth(2023, 12)).toBe(31);
    expect(daysInMonth(2023, 13)).toBe(0);
    expect(daysInMonth(2023, 0)).toBe(0);
  });
});

describe('parseMmDdYyyy', () => {
  it('parses a real date', () => {
    expect(parseMmDdYyyy('06-15-1990')).toEqual({ year: 1990, month: 6, day: 15 });
    expect(parseMmDdYyyy('02-29-2000')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(parseMmDdYyyy('12-31-1999')).toEqual({ year: 1999, month: 12, day: 31 });
  });

  it('rejects impossible dates', () => {
    expect(parseMmDdYyyy('13-01-1990')).toBeNull(); // 13th month
    expect(parseMmDdYyyy('00-10-1990')).toBeNull();
    expect(parseMmDdYyyy('02-29-2023')).toBeNull(); // not a leap year
    expect(parseMmDdYyyy('02-29-1900')).toBeNull();
    expect(parseMmDdYyyy('04-31-1990')).toBeNull();
    expect(parseMmDdYyyy('01-00-1990')).toBeNull();
    expect(parseMmDdYyyy('01-32-1990')).toBeNull();
    expect(parseMmDdYyyy('01-01-0000')).toBeNull();
  });

  it('requires exactly 10 characters in MM-DD-YYYY form', () => {
    expect(parseMmDdYyyy('6-15-1990')).toBeNull();
    expect(parseMmDdYyyy('06-15-90')).toBeNull();
    expect(parseMmDdYyyy('06/15/1990')).toBeNull();
    expect(parseMmDdYyyy('1990-06-15')).toBeNull();
    expect(parseMmDdYyyy(' 06-15-1990')).toBeNull();
    expect(parseMmDdYyyy('06-15-19901')).toBeNull();
    expect(parseMmDdYyyy('')).toBeNull();
    expect(isValidMmDdYyyy('06-15-1990')).toBe(true);
    expect(isValidMmDdYyyy('13-15-1990')).toBe(false);
  });
});

describe('ISO <-> MM-DD-YYYY', () => {
  it('formats both ways', () => {
    expect(formatMmDdYyyy({ year: 1990, month: 6, day: 5 })).toBe('06-05-1990');
    expect(formatIsoDate({ year: 1990, month: 6, day: 5 })).toBe('1990-06-05');
    expect(isoToMmDdYyyy('1990-06-05')).toBe('06-05-1990');
    expect(mmDdYyyyToIso('06-05-1990')).toBe('1990-06-05');
  });

  it('ignores a time part of an ISO timestamp', () => {
    expect(parseIsoDate('2000-02-29T00:00:00.000Z')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(isoToMmDdYyyy('1990-06-05T23:59:59Z')).toBe('06-05-1990');
  });

  it('returns null for invalid input', () => {
    expect(isoToMmDdYyyy('1990-13-05')).toBeNull();
    expect(isoToMmDdYyyy('2023-02-29')).toBeNull();
    expect(isoToMmDdYyyy('06-05-1990')).toBeNull();
    expect(isoToMmDdYyyy('1990-06-05x')).toBeNull();
    expect(mmDdYyyyToIso('1990-06-05')).toBeNull();
    expect(mmDdYyyyToIso('02-30-2020')).toBeNull();
  });

  it('round-trips', () => {
    expect(isoToMmDdYyyy(mmDdYyyyToIso('02-29-2024') ?? '')).toBe('02-29-2024');
  });
});

describe('maskBirthday', () => {
  it('applies ##-##-#### as the user types', () => {
    expect(maskBirthday('')).toBe('');
    expect(maskBirthday('0')).toBe('0');
    expect(maskBirthday('06')).toBe('06');
    expect(maskBirthday('061')).toBe('06-1');
    expect(maskBirthday('0615')).toBe('06-15');
    expect(maskBirthday('06151')).toBe('06-15-1');
    expect(maskBirthday('06151990')).toBe('06-15-1990');
  });

  it('drops non-digits and extra digits', () => {
    expect(maskBirthday('06/15/1990')).toBe('06-15-1990');
    expect(maskBirthday('06-15-19901234')).toBe('06-15-1990');
    expect(maskBirthday('ab06cd')).toBe('06');
    expect(maskBirthday('06-')).toBe('06'); // deleting back over a dash works
  });
});

describe('ageOn', () => {
  it('counts whole years on a fixed today', () => {
    expect(ageOn({ year: 2006, month: 6, day: 15 }, TODAY)).toBe(18); // exactly 18 today
    expect(ageOn({ year: 2006, month: 6, day: 16 }, TODAY)).toBe(17); // 17 years and 364 days
    expect(ageOn({ year: 2006, month: 6, day: 14 }, TODAY)).toBe(18);
    expect(ageOn({ year: 2006, month: 7, day: 1 }, TODAY)).toBe(17);
    expect(ageOn({ year: 1990, month: 1, day: 1 }, TODAY)).toBe(34);
  });

  it('accepts a calendar date as today', () => {
    expect(ageOn({ year: 2000, month: 12, day: 31 }, { year: 2018, month: 12, day: 30 })).toBe(17);
    expect(ageOn({ year: 2000, month: 12, day: 31 }, { year: 2018, month: 12, day: 31 })).toBe(18);
  });

  it('treats a Feb 29 birthday as reached on Mar 1 in common years', () => {
    const leapling = { year: 2004, month: 2, day: 29 };
    expect(ageOn(leapling, { year: 2022, month: 2, day: 28 })).toBe(17);
    expect(ageOn(leapling, { year: 2022, month: 3, day: 1 })).toBe(18);
    expect(ageOn(leapling, { year: 2024, month: 2, day: 28 })).toBe(19);
    expect(ageOn(leapling, { year: 2024, month: 2, day: 29 })).toBe(20);
  });

  it('reads an MM-DD-YYYY birthday', () => {
    expect(ageFromMmDdYyyy('06-15-2006', TODAY)).toBe(18);
    expect(ageFromMmDdYyyy('06-16-2006', TODAY)).toBe(17);
    expect(ageFromMmDdYyyy('13-16-2006', TODAY)).toBeNull();
  });
});

describe('isPlausibleBirthday', () => {
  it('requires a date strictly in the past', () => {
    expect(isPlausibleBirthday({ year: 2024, month: 6, day: 14 }, TODAY)).toBe(true);
    expect(isPlausibleBirthday({ year: 2024, month: 6, day: 15 }, TODAY)).toBe(false);
    expect(isPlausibleBirthday({ year: 2030, month: 1, day: 1 }, TODAY)).toBe(false);
  });

  it('allows at most 150 years back', () => {
    expect(isPlausibleBirthday({ year: 1874, month: 6, day: 15 }, TODAY)).toBe(true); // exactly 150
    expect(isPlausibleBirthday({ year: 1874, month: 6, day: 14 }, TODAY)).toBe(false); // 150 and a day
    expect(isPlausibleBirthday({ year: 1800, month: 1, day: 1 }, TODAY)).toBe(false);
  });
});

describe('toCalendarDate / compareCalendarDates', () => {
  it('takes the local calendar parts of a Date', () => {
    expect(toCalendarDate(TODAY)).toEqual({ year: 2024, month: 6, day: 15 });
  });

  it('orders dates', () => {
    expect(
      compareCalendarDates({ year: 2024, month: 1, day: 2 }, { year: 2024, month: 1, day: 3 }),
    ).toBeLessThan(0);
    expect(
      compareCalendarDates({ year: 2024, month: 2, day: 1 }, { year: 2024, month: 1, day: 31 }),
    ).toBeGreaterThan(0);
    expect(compareCalendarDates({ year: 2024, month: 2, day: 1 }, { year: 2024, month: 2, day: 1 })).toBe(0);
  });
});
