/** The clinic's schedule as the care workspace pages through it: local dates, days and their appointments. */

/** The calendar date (YYYY-MM-DD) of an instant in a zone. */
export function calendarDateIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** A calendar date moved by whole days (month and year ends included). */
export function addCalendarDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 'Wednesday, June 10' for a calendar date. */
export function calendarDateLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** Appointments grouped by their local day in the zone, days and appointments in time order. */
export function groupByLocalDay<T extends { event: { start_time: string } }>(
  appointments: readonly T[],
  timeZone: string,
): { date: string; items: T[] }[] {
  const sorted = [...appointments].sort(
    (a, b) => Date.parse(a.event.start_time) - Date.parse(b.event.start_time),
  );
  const days = new Map<string, T[]>();
  for (const a of sorted) {
    const date = calendarDateIn(new Date(a.event.start_time), timeZone);
    const list = days.get(date) ?? [];
    list.push(a);
    days.set(date, list);
  }
  return [...days].map(([date, items]) => ({ date, items }));
}
