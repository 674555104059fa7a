import type { TimeRange } from './slots';
import {
  addCalendarDays,
  type WallTime,
  wallTimeAt,
  weekdayOf,
  zonedTimeToUtc,
  zoneOffsetMinutes,
} from './zoned-time';

/**
 * The availability model clinicians know from Cal.com: weekly hours in the physician's own IANA zone, date
 * overrides that replace a whole local date (other hours, or none: a day off), and appointment types with a
 * duration, buffers either side, a minimum notice and a booking horizon. Slots are laid on the physician's
 * wall clock, so 09:00 stays 09:00 across daylight-saving changes; a booking blocks its time plus its buffers.
 */

/** A block of working hours on one local date ("HH:MM", end exclusive, "24:00" for midnight). */
export interface HoursBlock {
  start: string;
  end: string;
}

/** Weekly hours: a block on every `weekday` (0 Sunday to 6 Saturday) in `timeZone`. */
export interface WeeklyBlock extends HoursBlock {
  weekday: number;
  timeZone: string;
}

/** Hours for one local date that replace the weekly ones; no blocks is a day off. */
export interface DateOverride {
  /** "2026-03-08": a calendar date in `timeZone`. */
  date: string;
  timeZone: string;
  blocks: readonly HoursBlock[];
}

export interface Schedule {
  weekly: readonly WeeklyBlock[];
  overrides: readonly DateOverride[];
}

/** What an appointment type asks of the calendar. */
export interface AppointmentTypeRules {
  durationMinutes: number;
  /** Kept free before the call (preparation), and after it (notes). */
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** A slot must start at least this long after now. */
  minimumNoticeMinutes: number;
  /** A slot must start within this many days of now. */
  horizonDays: number;
  /** The grid slots start on; the duration when absent. */
  slotIntervalMinutes?: number | undefined;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
/** More than any zone's offset changes within a window of days. */
const SLACK = 4 * 3_600_000;

/** "09:30", "09:30:00" or "24:00" -> minutes after midnight. */
export function minutesOfDay(value: string): number {
  const [h = '0', m = '0'] = value.split(':');
  return Number(h) * 60 + Number(m);
}

/** "HH:MM" of minutes after midnight. */
export function clockOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export const dateKey = (d: Pick<WallTime, 'year' | 'month' | 'day'>): string =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

function parseDateKey(key: string): Pick<WallTime, 'year' | 'month' | 'day'> {
  const [y, m, d] = key.split('-').map(Number);
  return { year: y!, month: m!, day: d! };
}

/** The instant a clock in `timeZone` shows `minute` after the midnight starting `date` (1440 is the next midnight). */
function instantAt(date: Pick<WallTime, 'year' | 'month' | 'day'>, minute: number, timeZone: string) {
  const day = addCalendarDays(date, Math.floor(minute / 1440));
  const m = minute % 1440;
  return zonedTimeToUtc({ ...day, hour: Math.floor(m / 60), minute: m % 60 }, timeZone);
}

const QUARTER_HOUR = 900_000;
const HOUR = 3_600_000;
const steadyOffsets = new Map<string, number | null>();

/**
 * The zone's offset (minutes) when it is the same at every quarter hour from 28 hours before the local date's
 * naive midnight to 52 hours after it, else null. Those are all the instants instantAt reads for a wall time of
 * that date (up to 24:00): its readings 12 hours either side of the naive time, and the candidates within 14
 * hours (the widest offset) of it. Every zone changes on a quarter hour, so a steady offset there means the
 * date's wall times are its naive times less the offset.
 */
function steadyOffset(naiveMidnight: number, timeZone: string): number | null {
  const key = `${timeZone}|${naiveMidnight}`;
  const known = steadyOffsets.get(key);
  if (known !== undefined) return known;
  const first = naiveMidnight - 28 * HOUR;
  const offset = zoneOffsetMinutes(new Date(first), timeZone);
  let steady: number | null = offset;
  for (let t = first + QUARTER_HOUR; t <= naiveMidnight + 52 * HOUR; t += QUARTER_HOUR) {
    if (zoneOffsetMinutes(new Date(t), timeZone) !== offset) {
      steady = null;
      break;
    }
  }
  if (steadyOffsets.size > 20_000) steadyOffsets.clear();
  steadyOffsets.set(key, steady);
  return steady;
}

/** The local calendar dates of `timeZone` that [from, to) touches. */
function localDates(window: { from: Date; to: Date }, timeZone: string) {
  const first = wallTimeAt(window.from, timeZone);
  const last = wallTimeAt(window.to, timeZone);
  const span =
    Math.round(
      (Date.UTC(last.year, last.month - 1, last.day) - Date.UTC(first.year, first.month - 1, first.day)) /
        DAY,
    ) + 1;
  return Array.from({ length: span }, (_, i) => addCalendarDays(first, i));
}

/**
 * Slots of `durationMinutes` every `intervalMinutes` of each block's wall clock (from the block's start; the
 * last ends by the block's end) whose start lies in [from, to). A date with an override takes the override's
 * blocks instead of the weekly ones. A slot a daylight-saving change skips or stretches is left out. Sorted,
 * each start once.
 */
export function scheduleSlots(
  schedule: Schedule,
  window: { from: Date; to: Date },
  durationMinutes: number,
  intervalMinutes = durationMinutes,
): TimeRange[] {
  const slots: TimeRange[] = [];
  const seen = new Set<number>();
  const fromMs = window.from.getTime();
  const toMs = window.to.getTime();
  const overridden = new Map<string, Set<string>>();
  for (const o of schedule.overrides) {
    const zones = overridden.get(o.date) ?? new Set<string>();
    zones.add(o.timeZone);
    overridden.set(o.date, zones);
  }
  const isOverridden = (instant: Date) => {
    for (const [date, zones] of overridden) {
      for (const zone of zones) if (dateKey(wallTimeAt(instant, zone)) === date) return true;
    }
    return false;
  };
  const lay = (
    date: Pick<WallTime, 'year' | 'month' | 'day'>,
    block: HoursBlock,
    timeZone: string,
    weekly: boolean,
  ) => {
    const endMinute = minutesOfDay(block.end);
    const naiveMidnight = Date.UTC(date.year, date.month - 1, date.day);
    const steady = steadyOffset(naiveMidnight, timeZone);
    // A wall time is within a few hours of its reading at the window's offset: grid points far outside the
    // window are passed over without asking the zone's rules.
    const midnight = naiveMidnight - zoneOffsetMinutes(window.from, timeZone) * MINUTE;
    const duration = durationMinutes * MINUTE;
    for (let m = minutesOfDay(block.start); m + durationMinutes <= endMinute; m += intervalMinutes) {
      const estimate = midnight + m * MINUTE;
      if (estimate + SLACK <= fromMs || estimate - SLACK >= toMs) continue;
      let startMs: number;
      if (steady === null) {
        const start = instantAt(date, m, timeZone);
        const end = instantAt(date, m + durationMinutes, timeZone);
        if (!start || !end || end.getTime() - start.getTime() !== duration) continue;
        startMs = start.getTime();
      } else {
        // On a date the zone's offset holds through, a wall time is one subtraction away (what instantAt finds
        // by reading the zone's rules); only a changing night needs the careful reading.
        startMs = naiveMidnight + (m - steady) * MINUTE;
      }
      if (startMs < fromMs || startMs >= toMs || seen.has(startMs)) continue;
      const start = new Date(startMs);
      if (weekly && overridden.size > 0 && isOverridden(start)) continue;
      seen.add(startMs);
      const end = new Date(startMs + duration);
      slots.push({ start, end });
    }
  };
  for (const block of schedule.weekly) {
    for (const date of localDates(window, block.timeZone)) {
      if (weekdayOf(date) === block.weekday) lay(date, block, block.timeZone, true);
    }
  }
  for (const o of schedule.overrides) {
    const inWindow = localDates(window, o.timeZone).some((d) => dateKey(d) === o.date);
    if (!inWindow) continue;
    for (const block of o.blocks) lay(parseDateKey(o.date), block, o.timeZone, false);
  }
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The time a booking keeps from others: the call and its buffers. */
export function blockedRange(start: Date, rules: AppointmentTypeRules): TimeRange {
  return {
    start: new Date(start.getTime() - rules.bufferBeforeMinutes * MINUTE),
    end: new Date(start.getTime() + (rules.durationMinutes + rules.bufferAfterMinutes) * MINUTE),
  };
}

export const rangesOverlap = (a: TimeRange, b: TimeRange): boolean => a.start < b.end && b.start < a.end;

/** The window a patient may book in at `now`: from the minimum notice to the horizon. */
export function bookableWindow(now: Date, rules: AppointmentTypeRules): { from: Date; to: Date } {
  return {
    from: new Date(now.getTime() + rules.minimumNoticeMinutes * MINUTE),
    to: new Date(now.getTime() + rules.horizonDays * DAY),
  };
}

/** Where open slots may start: [from, to) within the type's bookable window at `now`; null when empty. */
function openWindow(input: { rules: AppointmentTypeRules; now: Date; from: Date; to: Date }) {
  const bookable = bookableWindow(input.now, input.rules);
  const from = input.from > bookable.from ? input.from : bookable.from;
  const to = input.to < bookable.to ? input.to : bookable.to;
  return to <= from ? null : { from, to };
}

/**
 * The open slots of a grid: those of `grid` (scheduleSlots over any window holding [from, to)) that start in
 * [from, to) within the bookable window and whose blocked range (call plus buffers) meets no busy range.
 * scheduleSlots keeps a slot by its start alone, so a wider window's grid cut to [from, to) is that window's.
 */
export function openSlotsOf(
  grid: readonly TimeRange[],
  input: { rules: AppointmentTypeRules; busy: readonly TimeRange[]; now: Date; from: Date; to: Date },
): TimeRange[] {
  const window = openWindow(input);
  if (!window) return [];
  const fromMs = window.from.getTime();
  const toMs = window.to.getTime();
  const slots = grid.filter((s) => s.start.getTime() >= fromMs && s.start.getTime() < toMs);
  if (input.busy.length === 0) return slots;
  return slots.filter((slot) => {
    const blocked = blockedRange(slot.start, input.rules);
    return !input.busy.some((b) => rangesOverlap(blocked, b));
  });
}

/** The grid slots of an appointment type: the type's duration on its interval (the duration when unset). */
export function typeSlots(schedule: Schedule, window: { from: Date; to: Date }, rules: AppointmentTypeRules) {
  return scheduleSlots(
    schedule,
    window,
    rules.durationMinutes,
    rules.slotIntervalMinutes ?? rules.durationMinutes,
  );
}

/**
 * One physician's open slots of an appointment type in [from, to): the schedule's slots within the bookable
 * window whose blocked range (call plus buffers) meets no busy range (other bookings' blocked ranges).
 */
export function availableSlots(input: {
  schedule: Schedule;
  rules: AppointmentTypeRules;
  busy: readonly TimeRange[];
  now: Date;
  from: Date;
  to: Date;
}): TimeRange[] {
  const window = openWindow(input);
  if (!window) return [];
  return openSlotsOf(typeSlots(input.schedule, window, input.rules), input);
}

/** Whether `start` is one of the physician's open slots of the type (the booking's server-side check). */
export function isOpenSlot(
  start: Date,
  input: { schedule: Schedule; rules: AppointmentTypeRules; busy: readonly TimeRange[]; now: Date },
): boolean {
  const end = new Date(start.getTime() + input.rules.durationMinutes * MINUTE);
  return availableSlots({ ...input, from: start, to: end }).some(
    (s) => s.start.getTime() === start.getTime(),
  );
}

/** Physicians a patient in `state` may see: active, listed as providers and licensed there. */
export function licensedIn<P extends { states: readonly string[]; active?: boolean; isProvider?: boolean }>(
  physicians: readonly P[],
  state: string,
): P[] {
  const wanted = state.toUpperCase();
  return physicians.filter(
    (p) => p.active !== false && p.isProvider !== false && p.states.some((s) => s.toUpperCase() === wanted),
  );
}
