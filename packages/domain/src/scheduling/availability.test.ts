import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AppointmentTypeRules,
  availableSlots,
  blockedRange,
  type DateOverride,
  dateKey,
  isOpenSlot,
  licensedIn,
  rangesOverlap,
  type Schedule,
  scheduleSlots,
  type WeeklyBlock,
} from './availability';
import type { TimeRange } from './slots';
import { US_TIME_ZONES } from './us-time-zones';
import { wallTimeAt, weekdayOf, zonedTimeToUtc } from './zoned-time';

const MIN = 60_000;
const utc = (s: string) => new Date(s);
const iso = (d: Date) => d.toISOString();
const clock = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const minutes = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));

/**
 * The rule, written the slow and obvious way: walk every 5 minutes of the window, read the physician's wall
 * clock, and keep an instant when it is the first time the clock shows that reading, a block of that local
 * date (the override's, or else the weekday's) starts a slot there on its grid, and the clock reads exactly
 * `duration` minutes later when the slot ends.
 */
function oracle(
  schedule: Schedule,
  zone: string,
  window: { from: Date; to: Date },
  duration: number,
  interval: number,
): string[] {
  const out: string[] = [];
  for (let t = window.from.getTime(); t < window.to.getTime(); t += 5 * MIN) {
    const at = new Date(t);
    const w = wallTimeAt(at, zone);
    const first = zonedTimeToUtc(w, zone);
    if (!first || first.getTime() !== t) continue;
    const override = schedule.overrides.find((o) => o.date === dateKey(w));
    const blocks = override ? override.blocks : schedule.weekly.filter((b) => b.weekday === weekdayOf(w));
    const minute = w.hour * 60 + w.minute;
    const end = wallTimeAt(new Date(t + duration * MIN), zone);
    const endMinute = end.hour * 60 + end.minute + (dateKey(end) === dateKey(w) ? 0 : 1440);
    if (endMinute !== minute + duration) continue;
    const fits = blocks.some((b) => {
      const s = minutes(b.start);
      const e = minutes(b.end);
      return minute >= s && minute + duration <= e && (minute - s) % interval === 0;
    });
    if (fits) out.push(iso(at));
  }
  return out;
}

// Days the slot rule is most likely to get wrong: both 2026 US changes, month and year ends, leap-free Feb.
const hardDays = [
  '2026-03-08',
  '2026-03-07',
  '2026-11-01',
  '2026-10-31',
  '2026-01-31',
  '2026-02-28',
  '2026-04-30',
  '2026-12-31',
  '2026-06-30',
];
const dayArb = fc.oneof(
  fc.constantFrom(...hardDays),
  fc
    .integer({ min: 0, max: 364 })
    .map((d) => new Date(Date.UTC(2026, 0, 1) + d * 86_400_000).toISOString().slice(0, 10)),
);
const blockArb = fc
  .tuple(fc.integer({ min: 0, max: 287 }), fc.integer({ min: 1, max: 288 }))
  .map(([a, b]) => {
    const start = Math.min(a, 287) * 5;
    const end = Math.min(start + b * 5, 1440);
    return { start: clock(start), end: clock(end) };
  });
const durationArb = fc.constantFrom(15, 20, 30, 45, 60);

const scheduleArb = (zone: string, day: string) =>
  fc.record({
    weekly: fc.array(
      fc
        .tuple(fc.integer({ min: 0, max: 6 }), blockArb)
        .map(([weekday, b]): WeeklyBlock => ({ weekday, ...b, timeZone: zone })),
      { maxLength: 5 },
    ),
    overrides: fc.array(
      fc.tuple(fc.integer({ min: -1, max: 2 }), fc.array(blockArb, { maxLength: 2 })).map(
        ([offset, blocks]): DateOverride => ({
          date: new Date(Date.parse(`${day}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10),
          timeZone: zone,
          blocks,
        }),
      ),
      { maxLength: 2 },
    ),
  });

describe('scheduleSlots (property: equal to the obvious rule)', () => {
  it('in every US zone, across both daylight-saving changes, month ends and overrides', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...US_TIME_ZONES),
        dayArb,
        fc.integer({ min: -14, max: 14 }),
        durationArb,
        fc.constantFrom(10, 15, 30, 0),
        (zone, day, shiftHours, duration, intervalChoice) =>
          fc.assert(
            fc.property(scheduleArb(zone, day), (raw) => {
              // Overrides on one date: the first wins in the oracle, so keep one per date.
              const schedule: Schedule = {
                weekly: raw.weekly,
                overrides: raw.overrides.filter((o, i, all) => all.findIndex((x) => x.date === o.date) === i),
              };
              const interval = intervalChoice || duration;
              const from = new Date(Date.parse(`${day}T00:00:00Z`) + shiftHours * 3_600_000);
              const window = { from, to: new Date(from.getTime() + 2 * 86_400_000) };
              const slots = scheduleSlots(schedule, window, duration, interval);
              expect(slots.map((s) => iso(s.start))).toEqual(
                oracle(schedule, zone, window, duration, interval),
              );
              for (const s of slots) expect(s.end.getTime() - s.start.getTime()).toBe(duration * MIN);
            }),
            { numRuns: 3 },
          ),
      ),
      { numRuns: 60 },
    );
  }, 60_000);
});

describe('scheduleSlots (examples)', () => {
  const weekdays = (timeZone: string, start = '09:00', end = '17:00'): WeeklyBlock[] =>
    [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start, end, timeZone }));

  it('keeps 09:00 local in New York on both sides of the spring change', () => {
    // Fri 6 Mar 2026 EST (-5): 09:00 = 14:00Z. Mon 9 Mar EDT (-4): 09:00 = 13:00Z.
    const slots = scheduleSlots(
      { weekly: weekdays('America/New_York'), overrides: [] },
      { from: utc('2026-03-06T00:00:00Z'), to: utc('2026-03-10T00:00:00Z') },
      60,
    );
    expect(iso(slots[0]!.start)).toBe('2026-03-06T14:00:00.000Z');
    expect(slots.find((s) => iso(s.start).startsWith('2026-03-09'))!.start.toISOString()).toBe(
      '2026-03-09T13:00:00.000Z',
    );
    expect(slots).toHaveLength(16);
  });

  it('Phoenix and Honolulu keep one offset all year; Adak changes at its own 2 AM', () => {
    const phoenix = scheduleSlots(
      { weekly: weekdays('America/Phoenix'), overrides: [] },
      { from: utc('2026-03-09T00:00:00Z'), to: utc('2026-03-10T00:00:00Z') },
      60,
    );
    expect(iso(phoenix[0]!.start)).toBe('2026-03-09T16:00:00.000Z'); // MST -7
    const honolulu = scheduleSlots(
      { weekly: weekdays('Pacific/Honolulu'), overrides: [] },
      { from: utc('2026-11-02T00:00:00Z'), to: utc('2026-11-03T00:00:00Z') },
      60,
    );
    expect(iso(honolulu[0]!.start)).toBe('2026-11-02T19:00:00.000Z'); // HST -10
    // Adak: HST -10 until 8 Mar 2026, HDT -9 after. A Sunday night block 01:00-04:00 loses 02:00-03:00.
    const adak = scheduleSlots(
      { weekly: [{ weekday: 0, start: '01:00', end: '04:00', timeZone: 'America/Adak' }], overrides: [] },
      { from: utc('2026-03-08T00:00:00Z'), to: utc('2026-03-09T00:00:00Z') },
      60,
    );
    // 01:00 HST = 11:00Z would end at 02:00, which does not exist: left out. 03:00 HDT = 12:00Z.
    expect(adak.map((s) => iso(s.start))).toEqual(['2026-03-08T12:00:00.000Z']);
    // Anchorage in autumn: 01:00 happens twice on 1 Nov; the slot is laid once, at the first.
    const anchorage = scheduleSlots(
      {
        weekly: [{ weekday: 0, start: '00:00', end: '03:00', timeZone: 'America/Anchorage' }],
        overrides: [],
      },
      { from: utc('2026-11-01T00:00:00Z'), to: utc('2026-11-02T00:00:00Z') },
      60,
    );
    // 00:00 AKDT = 08:00Z; 01:00 AKDT = 09:00Z (01:00-02:00 lasts two hours: left out); 02:00 AKST = 11:00Z.
    expect(anchorage.map((s) => iso(s.start))).toEqual([
      '2026-11-01T08:00:00.000Z',
      '2026-11-01T11:00:00.000Z',
    ]);
  });

  it('a day off removes the date; other hours replace the weekly ones', () => {
    const schedule: Schedule = {
      weekly: weekdays('America/Chicago'),
      overrides: [
        { date: '2026-06-30', timeZone: 'America/Chicago', blocks: [] },
        { date: '2026-07-01', timeZone: 'America/Chicago', blocks: [{ start: '13:00', end: '15:00' }] },
        // A Saturday opened on the first of the next month.
        { date: '2026-08-01', timeZone: 'America/Chicago', blocks: [{ start: '10:00', end: '11:00' }] },
      ],
    };
    const at = (from: string, to: string) =>
      scheduleSlots(schedule, { from: utc(from), to: utc(to) }, 30).map((s) => iso(s.start));
    expect(at('2026-06-30T05:00:00Z', '2026-07-01T05:00:00Z')).toEqual([]);
    // CDT -5: 13:00 = 18:00Z.
    expect(at('2026-07-01T05:00:00Z', '2026-07-02T05:00:00Z')).toEqual([
      '2026-07-01T18:00:00.000Z',
      '2026-07-01T18:30:00.000Z',
      '2026-07-01T19:00:00.000Z',
      '2026-07-01T19:30:00.000Z',
    ]);
    expect(at('2026-08-01T05:00:00Z', '2026-08-02T05:00:00Z')).toEqual([
      '2026-08-01T15:00:00.000Z',
      '2026-08-01T15:30:00.000Z',
    ]);
  });

  it('a block may run to midnight', () => {
    const slots = scheduleSlots(
      { weekly: [{ weekday: 3, start: '23:00', end: '24:00', timeZone: 'America/New_York' }], overrides: [] },
      { from: utc('2026-06-10T00:00:00Z'), to: utc('2026-06-12T00:00:00Z') },
      30,
    );
    expect(slots.map((s) => iso(s.end))).toEqual(['2026-06-11T03:30:00.000Z', '2026-06-11T04:00:00.000Z']);
  });
});

const rulesArb: fc.Arbitrary<AppointmentTypeRules> = fc.record({
  durationMinutes: durationArb,
  bufferBeforeMinutes: fc.constantFrom(0, 5, 10, 15),
  bufferAfterMinutes: fc.constantFrom(0, 5, 10, 15),
  minimumNoticeMinutes: fc.constantFrom(0, 60, 120, 1440),
  horizonDays: fc.integer({ min: 1, max: 5 }),
  slotIntervalMinutes: fc.constantFrom(undefined, 15, 30),
});

describe('availableSlots (property)', () => {
  const zone = 'America/Denver';
  const schedule: Schedule = {
    weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      weekday,
      start: '07:00',
      end: '19:00',
      timeZone: zone,
    })),
    overrides: [],
  };
  const now = utc('2026-10-30T15:07:00Z');

  it('offers only slots within notice and horizon whose call and buffers meet no booking, and misses none', () => {
    fc.assert(
      fc.property(
        rulesArb,
        fc.array(
          fc.tuple(fc.integer({ min: 0, max: 6 * 24 * 12 }), fc.integer({ min: 1, max: 24 })).map(
            ([at, len]): TimeRange => ({
              start: new Date(now.getTime() + at * 5 * MIN),
              end: new Date(now.getTime() + (at + len) * 5 * MIN),
            }),
          ),
          { maxLength: 12 },
        ),
        (rules, busy) => {
          const from = now;
          const to = new Date(now.getTime() + 7 * 86_400_000);
          const open = availableSlots({ schedule, rules, busy, now, from, to });
          const all = scheduleSlots(schedule, { from, to }, rules.durationMinutes, rules.slotIntervalMinutes);
          const expected = all.filter(
            (s) =>
              s.start.getTime() >= now.getTime() + rules.minimumNoticeMinutes * MIN &&
              s.start.getTime() < now.getTime() + rules.horizonDays * 86_400_000 &&
              busy.every((b) => !rangesOverlap(blockedRange(s.start, rules), b)),
          );
          expect(open).toEqual(expected);
          for (const s of open.slice(0, 8))
            expect(isOpenSlot(s.start, { schedule, rules, busy, now })).toBe(true);
          const taken = all.find((s) => !expected.includes(s));
          if (taken) expect(isOpenSlot(taken.start, { schedule, rules, busy, now })).toBe(false);
        },
      ),
      { numRuns: 80 },
    );
  }, 60_000);

  it('bookings made one after another from the open slots never overlap, buffers included', () => {
    fc.assert(
      fc.property(rulesArb, fc.array(fc.nat(), { minLength: 1, maxLength: 20 }), (rules, picks) => {
        const busy: TimeRange[] = [];
        for (const pick of picks) {
          const open = availableSlots({
            schedule,
            rules,
            busy,
            now,
            from: now,
            to: new Date(now.getTime() + 3 * 86_400_000),
          });
          if (open.length === 0) break;
          busy.push(blockedRange(open[pick % open.length]!.start, rules));
        }
        for (let i = 0; i < busy.length; i++) {
          for (let j = i + 1; j < busy.length; j++) expect(rangesOverlap(busy[i]!, busy[j]!)).toBe(false);
        }
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it('a booking takes its buffers from the neighbours', () => {
    const rules: AppointmentTypeRules = {
      durationMinutes: 30,
      bufferBeforeMinutes: 10,
      bufferAfterMinutes: 15,
      minimumNoticeMinutes: 0,
      horizonDays: 30,
    };
    // Denver MST (-7) on Mon 2 Nov 2026: 09:00 = 16:00Z. Booked 09:00-09:30 blocks 08:50-09:45.
    const day = { from: utc('2026-11-02T15:00:00Z'), to: utc('2026-11-02T19:00:00Z') };
    const busy = [blockedRange(utc('2026-11-02T16:00:00Z'), rules)];
    const open = availableSlots({ schedule, rules, busy, now, ...day }).map((s) => iso(s.start));
    // 08:00 (blocks 07:50-08:45) and 08:30 (08:20-09:15, meets 08:50) -> only 08:00 before; after: 09:30 blocks
    // 09:20-10:15 (meets 09:45) no; 10:00 (09:50-10:45) yes.
    expect(open).toEqual([
      '2026-11-02T15:00:00.000Z',
      '2026-11-02T17:00:00.000Z',
      '2026-11-02T17:30:00.000Z',
      '2026-11-02T18:00:00.000Z',
      '2026-11-02T18:30:00.000Z',
    ]);
  });
});

describe('licensedIn', () => {
  it('keeps exactly the active providers licensed in the state (property)', () => {
    const states = ['CA', 'NY', 'TX', 'FL', 'PA'];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            id: fc.nat(),
            states: fc.subarray(states),
            active: fc.boolean(),
            isProvider: fc.boolean(),
          }),
        ),
        fc.constantFrom(...states),
        (physicians, state) => {
          const found = licensedIn(physicians, state.toLowerCase());
          expect(found).toEqual(
            physicians.filter((p) => p.active && p.isProvider && p.states.includes(state)),
          );
        },
      ),
    );
  });
});
