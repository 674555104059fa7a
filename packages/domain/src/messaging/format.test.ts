import { describe, expect, it } from 'vitest';
import { FIXED_NOW } from '../testing/fixed-clock';
import { messageTime } from './format';

describe("messageTime ('MMM Do, h:mm A', 001 §9)", () => {
  it('writes the time on the given zone’s clock', () => {
    const at = new Date('2026-06-10T19:00:00Z');
    expect(messageTime(at, 'America/Los_Angeles')).toBe('Jun 10th, 12:00 PM');
    expect(messageTime(at, 'America/New_York')).toBe('Jun 10th, 3:00 PM');
    expect(messageTime(at, 'Europe/London')).toBe('Jun 10th, 8:00 PM');
    expect(messageTime(at, 'Asia/Kolkata')).toBe('Jun 11th, 12:30 AM');
  });

  it('uses the viewer’s zone by default', () => {
    // FIXED_NOW is midday on Jun 10 2026 in the zone the tests run in.
    expect(messageTime(FIXED_NOW)).toBe('Jun 10th, 12:00 PM');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const at = new Date('2026-01-31T23:45:00Z');
    expect(messageTime(at)).toBe(messageTime(at, zone));
  });

  it('reads the viewer’s own clock as Intl does in that zone, every 97 minutes of a year', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const start = Date.UTC(2026, 0, 1);
    for (let t = start; t < start + 366 * 86_400_000; t += 97 * 60_000) {
      const at = new Date(t);
      expect(messageTime(at)).toBe(messageTime(at, zone));
    }
  });

  it('moves to the zone’s calendar date', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(messageTime(at, 'UTC')).toBe('Jan 1st, 12:00 AM');
    expect(messageTime(at, 'America/Los_Angeles')).toBe('Dec 31st, 4:00 PM');
  });

  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [10, '10th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [20, '20th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [24, '24th'],
    [30, '30th'],
    [31, '31st'],
  ])('writes day %i as %s', (day, text) => {
    const at = new Date(Date.UTC(2026, 2, day, 9, 5));
    expect(messageTime(at, 'UTC')).toBe(`Mar ${text}, 9:05 AM`);
  });

  it('writes every month’s three-letter name, as en-US does', () => {
    const short = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
    for (let m = 0; m < 12; m++) {
      const at = new Date(Date.UTC(2027, m, 15, 12));
      expect(messageTime(at, 'UTC').slice(0, 3)).toBe(short.format(at));
    }
  });

  it.each([
    ['00:00', '12:00 AM'],
    ['00:30', '12:30 AM'],
    ['01:07', '1:07 AM'],
    ['11:59', '11:59 AM'],
    ['12:00', '12:00 PM'],
    ['12:59', '12:59 PM'],
    ['13:00', '1:00 PM'],
    ['23:59', '11:59 PM'],
  ])('writes %s as %s (12-hour clock, no leading zero)', (time, text) => {
    expect(messageTime(new Date(`2026-07-04T${time}:00Z`), 'UTC')).toBe(`Jul 4th, ${text}`);
  });

  it('gives an empty text for an invalid date', () => {
    expect(messageTime(new Date('not a date'), 'UTC')).toBe('');
  });
});
