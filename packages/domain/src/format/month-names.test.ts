import { describe, expect, it } from 'vitest';
import { formatLongDate, formatShortDate, MONTH_ABBREVIATIONS, MONTH_NAMES } from './month-names';

describe('month names', () => {
  it('names the twelve months as en-US does, long and short', () => {
    const long = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });
    const short = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
    for (let month = 0; month < 12; month++) {
      const day = new Date(Date.UTC(2026, month, 15));
      expect(MONTH_NAMES[month]).toBe(long.format(day));
      expect(MONTH_ABBREVIATIONS[month]).toBe(short.format(day));
    }
  });
});

describe('formatLongDate and formatShortDate', () => {
  it('write a day as "November 28, 2026" and "Nov 28, 2026"', () => {
    const day = new Date(2026, 10, 28, 9, 30);
    expect(formatLongDate(day)).toBe('November 28, 2026');
    expect(formatShortDate(day)).toBe('Nov 28, 2026');
  });

  it('give what Intl.DateTimeFormat en-US gives in the browser time zone, every day of two years', () => {
    const long = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
    const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    // 23:30 UTC: a different calendar day than UTC's in most zones west or east of it
    const start = Date.UTC(2026, 0, 1, 23, 30);
    for (let n = 0; n < 731; n++) {
      const day = new Date(start + n * 86_400_000);
      expect(formatLongDate(day)).toBe(long.format(day));
      expect(formatShortDate(day)).toBe(short.format(day));
    }
  });
});
