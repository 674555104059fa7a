import { describe, expect, it } from 'vitest';
import { formatDate } from './format';

describe('formatDate', () => {
  it('writes the order date as "Nov 14, 2026" in the browser time zone', () => {
    expect(formatDate('2026-11-14T12:00:00')).toBe('Nov 14, 2026');
    expect(formatDate('2027-01-02T00:00:00')).toBe('Jan 2, 2027');
  });

  it('gives what Intl.DateTimeFormat en-US gives, every day of two years', () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    const start = Date.UTC(2026, 0, 1, 7, 30);
    for (let day = 0; day < 731; day++) {
      const iso = new Date(start + day * 86_400_000).toISOString();
      expect(formatDate(iso)).toBe(intl.format(new Date(iso)));
    }
  });
});
