import { describe, expect, it } from 'vitest';
import { earliestBookableStart, mergeSlots, openSlots, type WeeklyHours, weeklySlots } from './slots';
import { wallTimeAt, zonedTimeToUtc, zoneOffsetMinutes } from './zoned-time';

const iso = (d: Date) => d.toISOString();
const utc = (s: string) => new Date(s);
const weekdays = (timeZone: string, start = '09:00', end = '17:00'): WeeklyHours[] =>
  [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start, end, timeZone }));

describe('zoned time', () => {
  it('reads offsets on both sides of the 2026 US changes (Mar 8 and Nov 1)', () => {
    // Los Angeles: PST -8 h in winter, PDT -7 h in summer.
    expect(zoneOffsetMinutes(utc('2026-03-02T12:00:00Z'), 'America/Los_Angeles')).toBe(-480);
    expect(zoneOffsetMinutes(utc('2026-03-09T12:00:00Z'), 'America/Los_Angeles')).toBe(-420);
    // Phoenix keeps -7 h all year.
    expect(zoneOffsetMinutes(utc('2026-07-01T12:00:00Z'), 'America/Phoenix')).toBe(-420);
  });

  it('turns a wall time into its instant', () => {
    // 09:00 PST on Mon 2 Mar 2026 = 17:00 UTC; 09:00 EDT on Mon 9 Mar = 13:00 UTC.
    const la = zonedTimeToUtc({ year: 2026, month: 3, day: 2, hour: 9, minute: 0 }, 'America/Los_Angeles');
    expect(iso(la!)).toBe('2026-03-02T17:00:00.000Z');
    const ny = zonedTimeToUtc({ year: 2026, month: 3, day: 9, hour: 9, minute: 0 }, 'America/New_York');
    expect(iso(ny!)).toBe('2026-03-09T13:00:00.000Z');
  });

  it('has no instant for a skipped time and takes the earlier of a repeated one', () => {
    // 02:30 on 8 Mar 2026 does not exist in Los Angeles (02:00 PST jumps to 03:00 PDT).
    expect(zonedTimeToUtc({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, 'America/Los_Angeles')).toBe(
      null,
    );
    // 01:30 on 1 Nov 2026 happens twice: first in PDT (08:30 UTC), then in PST (09:30 UTC).
    const twice = zonedTimeToUtc(
      { year: 2026, month: 11, day: 1, hour: 1, minute: 30 },
      'America/Los_Angeles',
    );
    expect(iso(twice!)).toBe('2026-11-01T08:30:00.000Z');
  });

  it('reads the wall clock of an instant', () => {
    // 00:30 UTC on 3 Mar 2026 is 16:30 on 2 Mar in Los Angeles.
    expect(wallTimeAt(utc('2026-03-03T00:30:00Z'), 'America/Los_Angeles')).toEqual({
      year: 2026,
      month: 3,
      day: 2,
      hour: 16,
      minute: 30,
    });
  });
});

describe('weeklySlots', () => {
  it('lays 30-minute slots over a 09:00-17:00 Monday in Los Angeles', () => {
    // Mon 2 Mar 2026, PST: 09:00 = 17:00Z, last slot 16:30 = 00:30Z next day; 8 h / 30 min = 16 slots.
    const slots = weeklySlots(weekdays('America/Los_Angeles'), {
      from: utc('2026-03-02T08:00:00Z'),
      to: utc('2026-03-03T08:00:00Z'),
    });
    expect(slots).toHaveLength(16);
    expect(iso(slots[0]!.start)).toBe('2026-03-02T17:00:00.000Z');
    expect(iso(slots[0]!.end)).toBe('2026-03-02T17:30:00.000Z');
    expect(iso(slots[15]!.start)).toBe('2026-03-03T00:30:00.000Z');
  });

  it('keeps local hours across the spring and autumn changes', () => {
    // Mon 9 Mar 2026 (PDT, -7): 09:00 = 16:00Z. Mon 2 Nov 2026 (PST again, -8): 09:00 = 17:00Z.
    const march = weeklySlots(weekdays('America/Los_Angeles'), {
      from: utc('2026-03-09T00:00:00Z'),
      to: utc('2026-03-10T00:00:00Z'),
    });
    expect(iso(march[0]!.start)).toBe('2026-03-09T16:00:00.000Z');
    const november = weeklySlots(weekdays('America/Los_Angeles'), {
      from: utc('2026-11-02T08:00:00Z'),
      to: utc('2026-11-03T08:00:00Z'),
    });
    expect(iso(november[0]!.start)).toBe('2026-11-02T17:00:00.000Z');
    expect(november).toHaveLength(16);
  });

  it('offers nothing on a weekend and skips a slot the clock change removes', () => {
    // Sat 7 and Sun 8 Mar 2026: no weekday hours.
    expect(
      weeklySlots(weekdays('America/Los_Angeles'), {
        from: utc('2026-03-07T08:00:00Z'),
        to: utc('2026-03-09T07:00:00Z'),
      }),
    ).toEqual([]);
    // Night hours 01:00-04:00 on Sun 8 Mar: 01:00, 01:30 PST (09:00Z, 09:30Z); 02:00 and 02:30 do not exist;
    // 03:00, 03:30 PDT (10:00Z, 10:30Z). The 01:30 slot would end at 02:00, which is skipped: left out too.
    const night = weeklySlots(
      [{ weekday: 0, start: '01:00', end: '04:00', timeZone: 'America/Los_Angeles' }],
      {
        from: utc('2026-03-08T00:00:00Z'),
        to: utc('2026-03-09T00:00:00Z'),
      },
    );
    expect(night.map((s) => iso(s.start))).toEqual([
      '2026-03-08T09:00:00.000Z',
      '2026-03-08T10:00:00.000Z',
      '2026-03-08T10:30:00.000Z',
    ]);
  });

  it('cuts the window at its edges', () => {
    // New York, Tue 3 Mar 2026 (EST, -5): 09:00 = 14:00Z. Window 15:00Z-16:00Z holds 15:00 and 15:30.
    const slots = weeklySlots(weekdays('America/New_York'), {
      from: utc('2026-03-03T15:00:00Z'),
      to: utc('2026-03-03T16:00:00Z'),
    });
    expect(slots.map((s) => iso(s.start))).toEqual(['2026-03-03T15:00:00.000Z', '2026-03-03T15:30:00.000Z']);
  });
});

describe('openSlots', () => {
  const day = { from: utc('2026-03-02T08:00:00Z'), to: utc('2026-03-03T08:00:00Z') };

  it('removes slots overlapping a booked call and those under two hours away', () => {
    // now 16:30Z -> earliest start 18:30Z: 17:00, 17:30, 18:00 go. A call 19:15-20:00 overlaps 19:00 and 19:30.
    const slots = openSlots({
      hours: weekdays('America/Los_Angeles'),
      booked: [{ start: utc('2026-03-02T19:15:00Z'), end: utc('2026-03-02T20:00:00Z') }],
      now: utc('2026-03-02T16:30:00Z'),
      ...day,
    });
    expect(slots.slice(0, 3).map((s) => iso(s.start))).toEqual([
      '2026-03-02T18:30:00.000Z',
      '2026-03-02T20:00:00.000Z',
      '2026-03-02T20:30:00.000Z',
    ]);
    // 16 slots - 3 too soon - 2 booked = 11
    expect(slots).toHaveLength(11);
  });

  it('a call ending exactly at a slot start does not block it', () => {
    const slots = openSlots({
      hours: weekdays('America/Los_Angeles'),
      booked: [{ start: utc('2026-03-02T16:30:00Z'), end: utc('2026-03-02T17:00:00Z') }],
      now: utc('2026-03-01T00:00:00Z'),
      ...day,
    });
    expect(iso(slots[0]!.start)).toBe('2026-03-02T17:00:00.000Z');
  });

  it('earliest start is two hours ahead', () => {
    expect(iso(earliestBookableStart(utc('2026-03-02T16:30:00Z')))).toBe('2026-03-02T18:30:00.000Z');
  });
});

describe('mergeSlots', () => {
  it('lists each start once with the number of free providers', () => {
    const a = { start: utc('2026-03-02T17:00:00Z'), end: utc('2026-03-02T17:30:00Z') };
    const b = { start: utc('2026-03-02T16:00:00Z'), end: utc('2026-03-02T16:30:00Z') };
    expect(mergeSlots([[a], [b, a]])).toEqual([
      { ...b, free: 1 },
      { ...a, free: 2 },
    ]);
  });
});
