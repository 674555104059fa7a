import type { PhysicianAvailability } from '@portal/domain/contracts/appointment';
import { clockOf, minutesOfDay } from '@portal/domain/scheduling/availability';
import { hoursProblems } from '@portal/domain/scheduling/hours-rules';
import { roomLinkProblem } from '@portal/domain/scheduling/room-link';
import { US_TIME_ZONES } from '@portal/domain/scheduling/us-time-zones';

export interface HoursRow {
  start: string;
  end: string;
}

export interface OverrideRow {
  /** Stable across edits, for React keys and field ids. */
  key: string;
  date: string;
  off: boolean;
  blocks: HoursRow[];
}

export interface AvailabilityForm {
  timeZone: string;
  /** The physician's video room; empty for none. */
  roomLink: string;
  /** Hours by weekday, 0 Sunday to 6 Saturday. */
  weekly: HoursRow[][];
  overrides: OverrideRow[];
}

/** Monday first, as the clinic's week reads. */
export const WEEKDAYS: readonly { weekday: number; name: string }[] = [
  { weekday: 1, name: 'Monday' },
  { weekday: 2, name: 'Tuesday' },
  { weekday: 3, name: 'Wednesday' },
  { weekday: 4, name: 'Thursday' },
  { weekday: 5, name: 'Friday' },
  { weekday: 6, name: 'Saturday' },
  { weekday: 0, name: 'Sunday' },
];

export const NEW_HOURS: HoursRow = { start: '09:00', end: '17:00' };

/**
 * Hours a time field can show: the database's midnight end ("24:00") reads as the day's last minute, which is
 * what a person picks for "until midnight" in a time field.
 */
const forField = (clock: string) => (clock === '24:00' ? '23:59' : clock);

export function formOf(saved: PhysicianAvailability, key: () => string): AvailabilityForm {
  const weekly: HoursRow[][] = Array.from({ length: 7 }, () => []);
  for (const b of saved.weekly) weekly[b.weekday]!.push({ start: b.start, end: forField(b.end) });
  return {
    timeZone: saved.time_zone,
    roomLink: saved.room_link ?? '',
    weekly,
    overrides: saved.overrides.map((o) => ({
      key: key(),
      date: o.date,
      off: o.blocks.length === 0,
      blocks: o.blocks.map((b) => ({ start: b.start, end: forField(b.end) })),
    })),
  };
}

/** The form as the API takes it: a day off sends no blocks; a 23:59 end is the end of the day. */
export function payloadOf(form: AvailabilityForm): PhysicianAvailability {
  const toEnd = (clock: string) => (clock === '23:59' ? '24:00' : clock);
  return {
    time_zone: form.timeZone,
    room_link: form.roomLink.trim() || null,
    weekly: WEEKDAYS.flatMap(({ weekday }) =>
      form.weekly[weekday]!.map((b) => ({ weekday, start: b.start, end: toEnd(b.end) })),
    ),
    overrides: [...form.overrides]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((o) => ({
        date: o.date,
        blocks: o.off ? [] : o.blocks.map((b) => ({ start: b.start, end: toEnd(b.end) })),
      })),
  };
}

/** Where the hours of a new range start: an hour after the day's last range ends, else at nine. */
export function nextHours(rows: readonly HoursRow[]): HoursRow {
  const last = rows.at(-1);
  if (!last?.end) return NEW_HOURS;
  const from = Math.min(minutesOfDay(last.end) + 60, 22 * 60);
  return { start: clockOf(from), end: clockOf(Math.min(from + 120, 23 * 60 + 59)) };
}

/**
 * The form's mistakes by field: "weekly.1.0.end" (Monday's first range), "overrides.{key}.date",
 * "overrides.{key}.blocks.0.end". The hours rules are the API's own (packages/domain hours-rules).
 */
export function formProblems(form: AvailabilityForm): Record<string, string> {
  const problems: Record<string, string> = {};
  const room = form.roomLink.trim() ? roomLinkProblem(form.roomLink) : null;
  if (room) problems.roomLink = room;
  const hours = (rows: readonly HoursRow[], prefix: string) => {
    rows.forEach((r, i) => {
      if (!r.start) problems[`${prefix}.${i}.start`] = 'Enter a start time.';
      if (!r.end) problems[`${prefix}.${i}.end`] = 'Enter an end time.';
    });
    const complete = rows.flatMap((r, i) => (r.start && r.end ? [{ ...r, i }] : []));
    for (const [at, message] of hoursProblems(complete))
      problems[`${prefix}.${complete[at]!.i}.end`] ??= message;
  };
  for (const [weekday, rows] of form.weekly.entries()) hours(rows, `weekly.${weekday}`);
  const seen = new Set<string>();
  for (const o of form.overrides) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(o.date)) problems[`overrides.${o.key}.date`] = 'Enter the date.';
    else if (seen.has(o.date)) problems[`overrides.${o.key}.date`] = 'This date is already listed.';
    seen.add(o.date);
    if (!o.off) {
      if (o.blocks.length === 0) problems[`overrides.${o.key}.blocks`] = 'Add hours, or make it a day off.';
      hours(o.blocks, `overrides.${o.key}.blocks`);
    }
  }
  return problems;
}

/** Every zone the runtime knows, the United States' first (the clinic's own), then the rest by name. */
export function timeZoneChoices(current: string): { value: string; label: string }[] {
  const us = new Set<string>(US_TIME_ZONES);
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [...US_TIME_ZONES];
  const rest = all.filter((z) => !us.has(z)).sort();
  const list = [...US_TIME_ZONES, ...rest];
  if (!list.includes(current)) list.unshift(current);
  return list.map((z) => ({ value: z, label: z.replaceAll('_', ' ') }));
}
