import { describe, expect, it } from 'vitest';
import { relativeTime, wholeMonthsBetween } from './relative-time';

const NOW = new Date('2026-05-20T12:00:00.000Z');
const before = (iso: string) => relativeTime(iso, NOW);

describe('relativeTime (001 §4)', () => {
  it("reads 'Just now' under 60 minutes, and for a time ahead of the clock", () => {
    expect(before('2026-05-20T12:00:00.000Z')).toBe('Just now');
    // 59 min 59 s earlier
    expect(before('2026-05-20T11:00:01.000Z')).toBe('Just now');
    expect(before('2026-05-20T12:05:00.000Z')).toBe('Just now');
  });

  it("reads 'N hour(s) ago' from 60 minutes to under 24 hours", () => {
    // exactly 60 minutes
    expect(before('2026-05-20T11:00:00.000Z')).toBe('1 hour ago');
    // 1 h 59 min still counts whole hours: 1
    expect(before('2026-05-20T10:01:00.000Z')).toBe('1 hour ago');
    // 5 h
    expect(before('2026-05-20T07:00:00.000Z')).toBe('5 hours ago');
    // 23 h 59 min
    expect(before('2026-05-19T12:01:00.000Z')).toBe('23 hours ago');
  });

  it("reads 'Nd' from 24 hours up to 30 days", () => {
    // exactly 24 h
    expect(before('2026-05-19T12:00:00.000Z')).toBe('1d');
    // 47 h = 1 whole day
    expect(before('2026-05-18T13:00:00.000Z')).toBe('1d');
    // 30 days: April 20 12:00 -> May 20 12:00 = 11 (rest of April) + 19 (May) = 30
    expect(before('2026-04-20T12:00:00.000Z')).toBe('30d');
  });

  it("reads 'Nw' after 30 days and under 3 months", () => {
    // 31 days -> floor(31 / 7) = 4
    expect(before('2026-04-19T12:00:00.000Z')).toBe('4w');
    // Feb 21 -> May 20: 7 (Feb) + 31 + 30 + 20 = 88 days, 2 whole months -> floor(88 / 7) = 12
    expect(before('2026-02-21T12:00:00.000Z')).toBe('12w');
  });

  it("reads 'Nm' from 3 whole months", () => {
    // Feb 20 -> May 20 is exactly 3 months
    expect(before('2026-02-20T12:00:00.000Z')).toBe('3m');
    // 2025-05-21 -> 2026-05-20: one day short of 12 months -> 11
    expect(before('2025-05-21T12:00:00.000Z')).toBe('11m');
    expect(before('2025-05-20T12:00:00.000Z')).toBe('12m');
  });
});

describe('wholeMonthsBetween', () => {
  it('counts a month only once its day is reached, also across short months', () => {
    expect(wholeMonthsBetween(new Date('2026-01-31T00:00:00Z'), new Date('2026-02-28T00:00:00Z'))).toBe(0);
    expect(wholeMonthsBetween(new Date('2026-01-31T00:00:00Z'), new Date('2026-03-03T00:00:00Z'))).toBe(1);
    expect(wholeMonthsBetween(new Date('2026-01-15T00:00:00Z'), new Date('2026-04-15T00:00:00Z'))).toBe(3);
  });
});
