/**
 * English month names and the two ways screens write a day, by hand rather than with `Intl.DateTimeFormat`:
 * a page's first Intl formatter loads the browser's ICU data (35-45 ms of main thread on a desktop, about four
 * times that on a mid-range phone), paid inside the render that shows the date. The tests hold each format to
 * what Intl writes.
 */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'Jan' ... 'Dec', as en-US writes a short month (a literal: a call here would keep the module from tree-shaking). */
export const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** 'Sunday' ... 'Saturday', by `Date.getDay()`. */
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** 'Sun' ... 'Sat', as en-US writes a short weekday. */
export const WEEKDAY_ABBREVIATIONS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** "9:05 AM", "12:30 PM": a wall-clock hour (0-23) and minute as en-US writes them (hour numeric, 2-digit minute). */
export function formatClockTime(hour: number, minute: number): string {
  return `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "November 28, 2026" on the browser's calendar day (en-US, month long). */
export function formatLongDate(date: Date): string {
  return `${MONTH_NAMES[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** "Nov 28, 2026" on the browser's calendar day (en-US, month short). */
export function formatShortDate(date: Date): string {
  return `${MONTH_ABBREVIATIONS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}
