import { readUsZone } from './us-zones';

/** A wall-clock reading: calendar date and time of day, without a zone. */
export interface WallTime {
  year: number;
  /** 1 to 12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when the runtime knows the IANA zone name. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset at an instant as Intl reads it (the main US zones are read by rule first: us-zones.ts). */
function intlOffset(instant: Date, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!);
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/**
 * Offsets by zone and quarter hour. Every zone's changes fall on a quarter hour (all US ones on the hour), so
 * one reading of the zone's rules per quarter hour serves every instant in it; slot generation reads the wall
 * clock tens of thousands of times for a week of fifty physicians, and Intl is the slow part of that.
 */
const offsets = new Map<string, Map<number, number>>();
const QUARTER_HOUR = 900_000;

function offsetOfQuarter(quarter: number, timeZone: string): number {
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  let offset = zone.get(quarter);
  if (offset === undefined) {
    const instant = new Date(quarter * QUARTER_HOUR);
    offset = readUsZone(instant, timeZone)?.offset ?? intlOffset(instant, timeZone);
    if (zone.size > 100_000) zone.clear();
    zone.set(quarter, offset);
  }
  return offset;
}

/** What a clock in `timeZone` reads at `instant`. */
export function wallTimeAt(instant: Date, timeZone: string): WallTime {
  const offset = offsetOfQuarter(Math.floor(instant.getTime() / QUARTER_HOUR), timeZone);
  const local = new Date(Math.floor(instant.getTime() / 60_000) * 60_000 + offset * 60_000);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}

/** The zone's offset from UTC in minutes at an instant (e.g. -480 for Pacific standard time). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  return offsetOfQuarter(Math.floor(instant.getTime() / QUARTER_HOUR), timeZone);
}

const sameWall = (a: WallTime, b: WallTime) =>
  a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute;

/**
 * The instant a clock in `timeZone` shows `wall`. A time skipped by a daylight-saving change (02:30 on the
 * spring-forward night) has none: null. A time shown twice (the fall-back hour) gives the earlier instant.
 */
export function zonedTimeToUtc(wall: WallTime, timeZone: string): Date | null {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // The offset in force half a day either side covers both readings of a changing night.
  const offsets = new Set([
    zoneOffsetMinutes(new Date(naive - 12 * 3_600_000), timeZone),
    zoneOffsetMinutes(new Date(naive + 12 * 3_600_000), timeZone),
  ]);
  const matches = [...offsets]
    .map((offset) => new Date(naive - offset * 60_000))
    .filter((candidate) => sameWall(wallTimeAt(candidate, timeZone), wall))
    .sort((a, b) => a.getTime() - b.getTime());
  return matches[0] ?? null;
}

/** 0 Sunday to 6 Saturday, for a calendar date. */
export function weekdayOf(date: Pick<WallTime, 'year' | 'month' | 'day'>): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/** The calendar date `days` after the given one. */
export function addCalendarDays(
  date: Pick<WallTime, 'year' | 'month' | 'day'>,
  days: number,
): Pick<WallTime, 'year' | 'month' | 'day'> {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}
