/**
 * The reschedule window of 001 §9, on calendar dates written 'YYYY-MM-DD' (day arithmetic in UTC, so the
 * browser and the server count the same days).
 */

const DAY_MS = 86_400_000;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Share (percent) of the period after which a refill may be brought forward: 0.84. */
const EARLIEST_SHARE_PERCENT = 84;
const EARLIEST_MARGIN_DAYS = 5;

function toUtc(iso: string): number {
  const m = ISO.exec(iso);
  if (!m) throw new RangeError(`Not a YYYY-MM-DD date: ${iso}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

/** The UTC calendar date of an instant. */
export function isoDateOf(date: Date | number): string {
  return new Date(date).toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  return isoDateOf(toUtc(iso) + days * DAY_MS);
}

/** The same day a year later; 29 February becomes 28 February. */
export function addYear(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y + 1, m - 1, d));
  return next.getUTCMonth() === m - 1 ? isoDateOf(next) : isoDateOf(Date.UTC(y + 1, m - 1, d - 1));
}

const later = (a: string, b: string) => (a > b ? a : b);

/**
 * Earliest date: the current period start plus duration months x 30 days x 0.84 rounded up, minus 5 days,
 * never earlier than today. Integer arithmetic keeps 3 x 30 x 0.84 = 75.6 from drifting.
 */
export function earliestRescheduleDate(input: {
  currentPeriodStart: string | null;
  durationMonths: number;
  today: string;
}): string {
  if (!input.currentPeriodStart) return input.today;
  const days = Math.ceil((input.durationMonths * 30 * EARLIEST_SHARE_PERCENT) / 100);
  return later(addDays(input.currentPeriodStart, days - EARLIEST_MARGIN_DAYS), input.today);
}

export type RescheduleWindow = {
  earliest: string;
  latest: string;
  /** The billing date already scheduled; it cannot be chosen again. */
  scheduled: string | null;
  preselected: string;
};

export function rescheduleWindow(input: {
  currentPeriodStart: string | null;
  durationMonths: number;
  /** The next billing date as scheduled now (the reschedule date, else the current period end). */
  scheduled: string | null;
  today: string;
}): RescheduleWindow {
  const earliest = earliestRescheduleDate(input);
  const latest = addYear(input.today);
  const dayAfter = input.scheduled ? addDays(input.scheduled, 1) : null;
  const preselected = dayAfter && dayAfter >= earliest && dayAfter <= latest ? dayAfter : earliest;
  return { earliest, latest, scheduled: input.scheduled, preselected };
}

export function isSelectableRescheduleDate(window: RescheduleWindow, date: string): boolean {
  return ISO.test(date) && date >= window.earliest && date <= window.latest && date !== window.scheduled;
}

/** The 'overdue' case: the chosen date falls after the prescription expires (a free renewal is offered). */
export function isRescheduleOverdue(
  date: string,
  prescriptionExpiration: string | null | undefined,
): boolean {
  if (!prescriptionExpiration) return false;
  return date > prescriptionExpiration.slice(0, 10);
}

/**
 * Below this a reschedule time is read as unix seconds, above as milliseconds (001 §7: both readings
 * exist). 1e11 seconds is the year 5138; 1e11 milliseconds is March 1973.
 */
const SECONDS_LIMIT = 1e11;

export function rescheduleTimeToDate(value: number): Date {
  return new Date(value < SECONDS_LIMIT ? value * 1000 : value);
}

/** The instant sent for a chosen date: noon UTC, the same calendar date in every US time zone. */
export function rescheduleTimeOf(date: string): number {
  return toUtc(date) + 12 * 3_600_000;
}
