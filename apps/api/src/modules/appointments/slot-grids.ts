import { type AppointmentTypeRules, type Schedule, typeSlots } from '@portal/domain/scheduling/availability';
import type { TimeRange } from '@portal/domain/scheduling/slots';

const DAY = 86_400_000;

/**
 * The slot grids physicians' hours lay, remembered by what decides them: the hours themselves (weekly and
 * overrides, as read this request), the type's duration and interval, and the whole UTC days asked for.
 * Hours change seldom and bookings not at all here (they are read fresh and filtered after), so a week's grid
 * across fifty physicians is laid once a day instead of on every look at the calendar. A changed schedule is a
 * new key; the oldest entries go first once `capacity` is reached.
 */
export function createSlotGrids(capacity = 2_000) {
  const grids = new Map<string, readonly TimeRange[]>();
  /**
   * The grid of the hours `hours` stands for (their text as read: equal texts are equal hours), laid from
   * `schedule()` only when not remembered, so a look at the calendar need not even parse hours it has seen.
   */
  function keyed(
    hours: string,
    schedule: () => Schedule,
    rules: AppointmentTypeRules,
    from: Date,
    to: Date,
  ): readonly TimeRange[] {
    const days = {
      from: new Date(Math.floor(from.getTime() / DAY) * DAY),
      to: new Date(Math.ceil(to.getTime() / DAY) * DAY),
    };
    const key = `${rules.durationMinutes}|${rules.slotIntervalMinutes ?? ''}|${days.from.getTime()}|${days.to.getTime()}|${hours}`;
    const known = grids.get(key);
    if (known) {
      grids.delete(key);
      grids.set(key, known);
      return known;
    }
    const grid = typeSlots(schedule(), days, rules);
    grids.set(key, grid);
    if (grids.size > capacity) grids.delete(grids.keys().next().value as string);
    return grid;
  }
  return {
    of(schedule: Schedule, rules: AppointmentTypeRules, from: Date, to: Date): readonly TimeRange[] {
      return keyed(JSON.stringify(schedule), () => schedule, rules, from, to);
    },
    keyed,
    get size() {
      return grids.size;
    },
  };
}
