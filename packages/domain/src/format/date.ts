import { BIRTH_YEAR_WINDOW } from '../constants';
import { maskBirthdayInput } from './mask';

/** A calendar date without time or zone; month is 1 to 12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const MM_DD_YYYY = /^(\d{2})-(\d{2})-(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

/** True for Gregorian leap years. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Number of days in a month (month 1 to 12) of a year; 0 for a month out of range. */
export function daysInMonth(year: number, month: number): number {
  if (!Number.isInteger(month) || month < 1 || month > 12) return 0;
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True when the parts form a real calendar date (year 1 or later). */
export function isRealDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    year >= 1 &&
    Number.isInteger(day) &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/** Parses a strict MM-DD-YYYY string (exactly 10 characters, real calendar date), or returns null. */
export function parseMmDdYyyy(value: string): CalendarDate | null {
  const match = MM_DD_YYYY.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const day = Number(match[2]);
  const year = Number(match[3]);
  return isRealDate(year, month, day) ? { year, month, day } : null;
}

/** True when the value is a strict MM-DD-YYYY real calendar date. */
export function isValidMmDdYyyy(value: string): boolean {
  return parseMmDdYyyy(value) !== null;
}

/** Pads a number with leading zeros to the given width. */
function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** Formats a calendar date as MM-DD-YYYY. */
export function formatMmDdYyyy(date: CalendarDate): string {
  return `${pad(date.month, 2)}-${pad(date.day, 2)}-${pad(date.year, 4)}`;
}

/** Parses an ISO date YYYY-MM-DD (a time part after "T" is ignored) into a real calendar date, or returns null. */
export function parseIsoDate(value: string): CalendarDate | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return isRealDate(year, month, day) ? { year, month, day } : null;
}

/** Formats a calendar date as ISO YYYY-MM-DD. */
export function formatIsoDate(date: CalendarDate): string {
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** Converts an ISO date (YYYY-MM-DD) to MM-DD-YYYY, or returns null when it is not a real date. */
export function isoToMmDdYyyy(iso: string): string | null {
  const date = parseIsoDate(iso);
  return date ? formatMmDdYyyy(date) : null;
}

/** Converts an MM-DD-YYYY date to ISO YYYY-MM-DD, or returns null when it is not a real date. */
export function mmDdYyyyToIso(value: string): string | null {
  const date = parseMmDdYyyy(value);
  return date ? formatIsoDate(date) : null;
}

/** Applies the birthday mask ##-##-#### to typed input: keeps up to 8 digits and inserts the dashes. */
export function maskBirthday(input: string): string {
  return maskBirthdayInput(input);
}

/** The local calendar date of a Date (or the calendar date itself). */
export function toCalendarDate(date: Date | CalendarDate): CalendarDate {
  if (date instanceof Date)
    return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
  return { year: date.year, month: date.month, day: date.day };
}

/** Negative when a is before b, zero when equal, positive when after. */
export function compareCalendarDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** Age in whole years on "today" (local calendar date); a Feb 29 birthday counts from Mar 1 in common years. */
export function ageOn(birthday: CalendarDate, today: Date | CalendarDate = new Date()): number {
  const now = toCalendarDate(today);
  let age = now.year - birthday.year;
  if (now.month < birthday.month || (now.month === birthday.month && now.day < birthday.day)) age -= 1;
  return age;
}

/** Age in whole years of an MM-DD-YYYY birthday on "today", or null when the birthday is not a real date. */
export function ageFromMmDdYyyy(value: string, today: Date | CalendarDate = new Date()): number | null {
  const birthday = parseMmDdYyyy(value);
  return birthday ? ageOn(birthday, today) : null;
}

/** True when the birthday lies strictly before "today" and no more than 150 years back. */
export function isPlausibleBirthday(
  birthday: CalendarDate,
  today: Date | CalendarDate = new Date(),
): boolean {
  const now = toCalendarDate(today);
  if (compareCalendarDates(birthday, now) >= 0) return false;
  const earliest = { year: now.year - BIRTH_YEAR_WINDOW, month: now.month, day: now.day };
  return compareCalendarDates(birthday, earliest) >= 0;
}
