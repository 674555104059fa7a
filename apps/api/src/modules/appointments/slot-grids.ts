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
  // By hours text, then by rules and days: the long text is looked up as it was read (V8 keeps a string's
  // hash), where one key joining it to the rest made and hashed a new long string for every physician.
  const grids = new Map<string, Map<string, readonly TimeRange[]>>();
  let size = 0;
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
    const fromDay = Math.floor(from.getTime() / DAY) * DAY;
    const toDay = Math.ceil(to.getTime() / DAY) * DAY;
    const key = `${rules.durationMinutes}|${rules.slotIntervalMinutes ?? ''}|${fromDay}|${toDay}`;
    let ofHours = grids.get(hours);
    if (ofHours) {
      // the most recently used hours last: eviction takes the first
      grids.delete(hours);
      grids.set(hours, ofHours);
    }
    const known = ofHours?.get(key);
    if (known) return known;
    const grid = typeSlots(schedule(), { from: new Date(fromDay), to: new Date(toDay) }, rules);
    if (size >= capacity) {
      // the least recently used hours go, with every grid of theirs
      const [oldest, itsGrids] = grids.entries().next().value as [string, Map<string, readonly TimeRange[]>];
      size -= itsGrids.size;
      grids.delete(oldest);
      if (oldest === hours) ofHours = undefined;
    }
    if (!ofHours) {
      ofHours = new Map();
      grids.set(hours, ofHours);
    }
    ofHours.set(key, grid);
    size += 1;
    return grid;
  }
  return {
    of(schedule: Schedule, rules: AppointmentTypeRules, from: Date, to: Date): readonly TimeRange[] {
      return keyed(JSON.stringify(schedule), () => schedule, rules, from, to);
    },
    keyed,
    get size() {
      return size;
    },
  };
}
