import { describe, expect, it } from 'vitest';
import { formatCallTime, formatSlotTime, groupSlotsByDay } from './format-slot';

describe('formatting calls', () => {
  it('words a call time in the patient zone', () => {
    // 17:00Z on Mon 2 Mar 2026 is 9:00 AM PST and 12:00 PM EST.
    const at = new Date('2026-03-02T17:00:00Z');
    expect(formatCallTime(at, 'America/Los_Angeles')).toBe('Monday, March 2 at 9:00 AM PST');
    expect(formatSlotTime(at, 'America/New_York')).toBe('12:00 PM');
  });

  it('adds the year for e-mails, and names the zone in force on that date', () => {
    // 18:00Z on Tue 1 Dec 2026 is 10:00 AM PST; on Tue 9 Jun 2026 it is 11:00 AM PDT.
    expect(formatCallTime(new Date('2026-12-01T18:00:00Z'), 'America/Los_Angeles', { withYear: true })).toBe(
      'Tuesday, December 1, 2026 at 10:00 AM PST',
    );
    expect(formatCallTime(new Date('2026-06-09T18:00:00Z'), 'America/Los_Angeles', { withYear: true })).toBe(
      'Tuesday, June 9, 2026 at 11:00 AM PDT',
    );
  });

  it('groups slots by local day', () => {
    // 00:30Z on 3 Mar is still 2 Mar (4:30 PM) in Los Angeles, but 3 Mar in UTC.
    const slots = [
      { start_time: '2026-03-03T00:30:00Z' },
      { start_time: '2026-03-02T17:00:00Z' },
      { start_time: '2026-03-03T17:00:00Z' },
    ];
    const la = groupSlotsByDay(slots, 'America/Los_Angeles');
    expect(la.map((d) => [d.key, d.label, d.slots.length])).toEqual([
      ['2026-03-02', 'Mon, Mar 2', 2],
      ['2026-03-03', 'Tue, Mar 3', 1],
    ]);
    expect(la[0]!.slots[0]!.start_time).toBe('2026-03-02T17:00:00Z');
    expect(groupSlotsByDay(slots, 'UTC').map((d) => d.slots.length)).toEqual([1, 2]);
  });
});
