import { defaultAppointmentRules } from '@portal/domain/scheduling/appointment-types';
import { availableSlots, openSlotsOf, type Schedule } from '@portal/domain/scheduling/availability';
import { describe, expect, it } from 'vitest';
import { createSlotGrids } from './slot-grids';

const rules = defaultAppointmentRules('consultation');
const schedule = (start: string): Schedule => ({
  weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start, end: '17:00', timeZone: 'America/Denver' })),
  overrides: [{ date: '2026-12-02', timeZone: 'America/Denver', blocks: [] }],
});
const now = new Date('2026-11-30T15:07:00Z');
const week = { from: now, to: new Date(now.getTime() + 7 * 86_400_000) };
const busy = [{ start: new Date('2026-12-01T17:00:00Z'), end: new Date('2026-12-01T17:30:00Z') }];

describe('slot grids', () => {
  it('cut to the window and filtered by bookings, a remembered grid gives what laying the slots afresh gives', () => {
    const grids = createSlotGrids();
    for (const at of [
      now,
      new Date(now.getTime() + 3 * 3_600_000),
      new Date(now.getTime() + 26 * 3_600_000),
    ]) {
      const window = { from: at, to: new Date(at.getTime() + 7 * 86_400_000) };
      const fresh = availableSlots({ schedule: schedule('09:00'), rules, busy, now: at, ...window });
      const remembered = openSlotsOf(grids.of(schedule('09:00'), rules, window.from, window.to), {
        rules,
        busy,
        now: at,
        ...window,
      });
      expect(remembered).toEqual(fresh);
      expect(fresh.length).toBeGreaterThan(40);
    }
  });

  it('lays a grid once for the same hours and days, and anew when the hours change', () => {
    const grids = createSlotGrids();
    const first = grids.of(schedule('09:00'), rules, week.from, week.to);
    expect(grids.of(schedule('09:00'), rules, new Date(week.from.getTime() + 60_000), week.to)).toBe(first);
    const later = grids.of(schedule('10:00'), rules, week.from, week.to);
    expect(later).not.toBe(first);
    expect(later[0]!.start.getTime()).not.toBe(first[0]!.start.getTime());
    expect(grids.size).toBe(2);
  });

  it('keeps at most its capacity, the least recently used leaving first', () => {
    const grids = createSlotGrids(2);
    const nine = grids.of(schedule('09:00'), rules, week.from, week.to);
    grids.of(schedule('10:00'), rules, week.from, week.to);
    grids.of(schedule('09:00'), rules, week.from, week.to);
    grids.of(schedule('11:00'), rules, week.from, week.to);
    expect(grids.size).toBe(2);
    expect(grids.of(schedule('09:00'), rules, week.from, week.to)).toBe(nine);
  });
});
