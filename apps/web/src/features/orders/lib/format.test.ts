import { describe, expect, it } from 'vitest';
import { formatDate } from './format';

describe('formatDate', () => {
  it('writes the order date as "Nov 14, 2026" in the browser time zone', () => {
    expect(formatDate('2026-11-14T12:00:00')).toBe('Nov 14, 2026');
    expect(formatDate('2027-01-02T00:00:00')).toBe('Jan 2, 2027');
  });
});
