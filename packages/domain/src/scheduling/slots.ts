import { addCalendarDays, wallTimeAt, weekdayOf, zonedTimeToUtc } from './zoned-time';

/** Length of a verification or coaching call, and the grid calls are booked on. */
export const APPOINTMENT_SLOT_MINUTES = 30;
/** A call is bookable only this far ahead, so the care team can prepare. */
export const APPOINTMENT_MIN_LEAD_MINUTES = 120;
/** Most days one availability request may cover. */
export const AVAILABILITY_MAX_DAYS = 14;

/** A block of weekly working hours in a provider's own time zone ("HH:MM" or "HH:MM:SS", end exclusive). */
export interface WeeklyHours {
  /** 0 Sunday to 6 Saturday. */
  weekday: number;
  start: string;
  end: string;
  timeZone: string;
}

export interface TimeRange {
  start: Date;
  end: Date;
}

/** "09:30" or "09:30:00" -> minutes after midnight. */
function minutesOfDay(value: string): number {
  const [h = '0', m = '0'] = value.split(':');
  return Number(h) * 60 + Number(m);
}

/**
 * Slots of `slotMinutes` laid on the wall clock of each block's zone (09:00, 09:30, ... up to the block's end),
 * whose start lies in [from, to). Built per local calendar date, so a block keeps its local hours across a
 * daylight-saving change; a slot the change skips or stretches is left out.
 */
export function weeklySlots(
  hours: readonly WeeklyHours[],
  window: { from: Date; to: Date },
  slotMinutes = APPOINTMENT_SLOT_MINUTES,
): TimeRange[] {
  const slots: TimeRange[] = [];
  const seen = new Set<number>();
  for (const block of hours) {
    const first = wallTimeAt(window.from, block.timeZone);
    const last = wallTimeAt(window.to, block.timeZone);
    const span =
      Math.round(
        (Date.UTC(last.year, last.month - 1, last.day) - Date.UTC(first.year, first.month - 1, first.day)) /
          86_400_000,
      ) + 1;
    const startMinute = minutesOfDay(block.start);
    const endMinute = minutesOfDay(block.end);
    for (let i = 0; i < span; i += 1) {
      const date = addCalendarDays(first, i);
      if (weekdayOf(date) !== block.weekday) continue;
      for (let m = startMinute; m + slotMinutes <= endMinute; m += slotMinutes) {
        const at = (minute: number) =>
          zonedTimeToUtc({ ...date, hour: Math.floor(minute / 60), minute: minute % 60 }, block.timeZone);
        const start = at(m);
        const end = at(m + slotMinutes);
        if (!start || !end || end.getTime() - start.getTime() !== slotMinutes * 60_000) continue;
        if (start < window.from || start >= window.to || seen.has(start.getTime())) continue;
        seen.add(start.getTime());
        slots.push({ start, end });
      }
    }
  }
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime());
}

const overlaps = (a: TimeRange, b: TimeRange) => a.start < b.end && b.start < a.end;

/** The earliest start a patient may book at `now` (APPOINTMENT_MIN_LEAD_MINUTES ahead). */
export function earliestBookableStart(now: Date): Date {
  return new Date(now.getTime() + APPOINTMENT_MIN_LEAD_MINUTES * 60_000);
}

/**
 * One provider's open slots in a window: their weekly slots, less any overlapping a booked call, less those
 * starting before `earliestBookableStart(now)`.
 */
export function openSlots(input: {
  hours: readonly WeeklyHours[];
  booked: readonly TimeRange[];
  from: Date;
  to: Date;
  now: Date;
  slotMinutes?: number;
}): TimeRange[] {
  const earliest = earliestBookableStart(input.now);
  return weeklySlots(input.hours, { from: input.from, to: input.to }, input.slotMinutes).filter(
    (slot) => slot.start >= earliest && !input.booked.some((b) => overlaps(slot, b)),
  );
}

/** Slots open with at least one provider, each once, in time order, with how many providers are free. */
export function mergeSlots(perProvider: readonly (readonly TimeRange[])[]): (TimeRange & { free: number })[] {
  const byStart = new Map<number, TimeRange & { free: number }>();
  for (const slots of perProvider) {
    for (const slot of slots) {
      const found = byStart.get(slot.start.getTime());
      if (found) found.free += 1;
      else byStart.set(slot.start.getTime(), { ...slot, free: 1 });
    }
  }
  return [...byStart.values()].sort((a, b) => a.start.getTime() - b.start.getTime());
}
