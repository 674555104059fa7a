import { describe, expect, it } from 'vitest';
import { groupBySection, sectionOf } from './sections';

// Local times, so the calendar day is the same whatever the machine's time zone.
const NOW = new Date(2026, 4, 20, 9, 30); // May 20, 09:30
const local = (month: number, day: number, hour = 0, minute = 0) =>
  new Date(2026, month - 1, day, hour, minute);

describe('sectionOf (001 §2 sections by age)', () => {
  it('is Today from local midnight on, and for a time ahead of the clock', () => {
    expect(sectionOf(local(5, 20, 0, 0), NOW)).toBe('Today');
    expect(sectionOf(local(5, 20, 9, 29), NOW)).toBe('Today');
    expect(sectionOf(local(5, 21, 8, 0), NOW)).toBe('Today');
  });

  it('is Last 7 Days from yesterday to under 7 x 24 hours', () => {
    expect(sectionOf(local(5, 19, 23, 59), NOW)).toBe('Last 7 Days');
    // May 13 09:31 is 6 days 23 h 59 min before May 20 09:30
    expect(sectionOf(local(5, 13, 9, 31), NOW)).toBe('Last 7 Days');
  });

  it('is Last 30 Days from 7 days to under 30 days, Earlier after', () => {
    // exactly 7 days
    expect(sectionOf(local(5, 13, 9, 30), NOW)).toBe('Last 30 Days');
    // April 20 09:31 is 29 days 23 h 59 min before (April has 30 days: 10 + 20 = 30 days at 09:30)
    expect(sectionOf(local(4, 20, 9, 31), NOW)).toBe('Last 30 Days');
    expect(sectionOf(local(4, 20, 9, 30), NOW)).toBe('Earlier');
    expect(sectionOf(local(1, 1), NOW)).toBe('Earlier');
  });
});

describe('groupBySection', () => {
  it('keeps section order, newest first within each, and leaves out empty sections', () => {
    const items = [
      { id: 'old', created_at: local(1, 2).toISOString() },
      { id: 'today-early', created_at: local(5, 20, 1).toISOString() },
      { id: 'older', created_at: local(1, 1).toISOString() },
      { id: 'today-late', created_at: local(5, 20, 8).toISOString() },
    ];
    const groups = groupBySection(items, NOW);
    expect(groups.map((g) => g.section)).toEqual(['Today', 'Earlier']);
    expect(groups[0]!.items.map((i) => i.id)).toEqual(['today-late', 'today-early']);
    expect(groups[1]!.items.map((i) => i.id)).toEqual(['old', 'older']);
    expect(groupBySection([], NOW)).toEqual([]);
  });
});
