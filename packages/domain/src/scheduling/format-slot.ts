import {
  formatClockTime,
  MONTH_ABBREVIATIONS,
  MONTH_NAMES,
  WEEKDAY_ABBREVIATIONS,
  WEEKDAY_NAMES,
} from '../format/month-names';
import { readUsZone } from './us-zones';
import { wallTimeAt } from './zoned-time';

/** Zone used when the patient's own is unknown: the clinic's coaching times are given in Pacific time (001 §4). */
export const DEFAULT_APPOINTMENT_TIME_ZONE = 'America/Los_Angeles';

/**
 * Formatters by what they format and zone: making an Intl.DateTimeFormat costs far more than formatting with
 * one, and a zone's few formats are asked for again and again (every booking, notice and e-mail).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, options: () => Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', options());
    if (formatters.size > 500) formatters.clear();
    formatters.set(key, found);
  }
  return found;
}

/**
 * The wall clock of a main US zone at an instant, as a Date whose UTC fields read it, with the zone's short
 * name; null for other zones, which Intl formats (us-zones.ts says why).
 */
function usLocalTime(instant: Date, timeZone: string): { local: Date; name: string } | null {
  const zone = readUsZone(instant, timeZone);
  return zone ? { local: new Date(instant.getTime() + zone.offset * 60_000), name: zone.name } : null;
}

/**
 * "Monday, March 2 at 9:00 AM PST" in the given zone; "Monday, March 2, 2026 at 9:00 AM PST" with the year,
 * for e-mails, which are kept and read long after they were sent.
 */
export function formatCallTime(instant: Date, timeZone: string, opts: { withYear?: boolean } = {}): string {
  const local = usLocalTime(instant, timeZone)?.local;
  if (local) {
    const year = opts.withYear ? `, ${local.getUTCFullYear()}` : '';
    return `${WEEKDAY_NAMES[local.getUTCDay()]}, ${MONTH_NAMES[local.getUTCMonth()]} ${local.getUTCDate()}${year} at ${formatSlotTime(instant, timeZone, true)}`;
  }
  const day = formatter(`day|${opts.withYear ? 'y' : ''}|${timeZone}`, () => ({
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(opts.withYear ? { year: 'numeric' as const } : {}),
  })).format(instant);
  return `${day} at ${formatSlotTime(instant, timeZone, true)}`;
}

/** "9:00 AM", or "9:00 AM PST" with the zone's short name. */
export function formatSlotTime(instant: Date, timeZone: string, withZone = false): string {
  const us = usLocalTime(instant, timeZone);
  if (us) {
    const time = formatClockTime(us.local.getUTCHours(), us.local.getUTCMinutes());
    return withZone ? `${time} ${us.name}` : time;
  }
  return formatter(`time|${withZone ? 'z' : ''}|${timeZone}`, () => ({
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    ...(withZone ? { timeZoneName: 'short' as const } : {}),
  })).format(instant);
}

/** "Mon, Mar 2" in the given zone. */
export function formatSlotDay(instant: Date, timeZone: string): string {
  const local = usLocalTime(instant, timeZone)?.local;
  if (local)
    return `${WEEKDAY_ABBREVIATIONS[local.getUTCDay()]}, ${MONTH_ABBREVIATIONS[local.getUTCMonth()]} ${local.getUTCDate()}`;
  return formatter(`slot-day|${timeZone}`, () => ({
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  })).format(instant);
}

export interface SlotDay<T> {
  /** "2026-03-02": the local calendar date. */
  key: string;
  /** "Mon, Mar 2" */
  label: string;
  slots: T[];
}

/** Slots grouped by their local calendar day in `timeZone`, days and slots in time order. */
export function groupSlotsByDay<T extends { start_time: string }>(
  slots: readonly T[],
  timeZone: string,
): SlotDay<T>[] {
  const days = new Map<string, SlotDay<T>>();
  const sorted = [...slots].sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));
  for (const slot of sorted) {
    const start = new Date(slot.start_time);
    const w = wallTimeAt(start, timeZone);
    const key = `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
    let day = days.get(key);
    if (!day) {
      day = { key, label: formatSlotDay(start, timeZone), slots: [] };
      days.set(key, day);
    }
    day.slots.push(slot);
  }
  return [...days.values()];
}
