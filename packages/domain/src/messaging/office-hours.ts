import { addCalendarDays, type WallTime, wallTimeAt, weekdayOf } from '../scheduling/zoned-time';

/** Holidays are judged on this zone's calendar date, and its clock bounds the office day (001 §9). */
export const PACIFIC_TIME_ZONE = 'America/Los_Angeles';
/** The other clock bounding the office day (001 §9). */
export const EASTERN_TIME_ZONE = 'America/New_York';

/** The banner above the chat (001 §4 "Banner type: holiday, after-hours or none"). */
export type OfficeBanner = 'holiday' | 'after-hours' | 'none';

/** Texts of the closable banner; each contains the phrase 001 §9 requires of it. */
export const OFFICE_BANNER_TEXTS = {
  holiday:
    'Happy holidays! Our offices run with essential staff from 9 AM to 4 PM today, so answers may take a little longer.',
  'after-hours':
    'Our care team is away right now. Office hours are 9 AM to 7 PM EST or 6 AM to 4 PM PST; we will answer your message when we are back.',
} as const satisfies Record<Exclude<OfficeBanner, 'none'>, string>;

/** A holiday on which the offices run with essential staff. */
export interface Holiday {
  /** 1 to 12 */
  month: number;
  day: number;
  name: string;
}

type CalendarDay = Pick<WallTime, 'year' | 'month' | 'day'>;

/** The `nth` (1-based) given weekday (0 Sunday to 6 Saturday) of a month. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): CalendarDay {
  const first = { year, month, day: 1 };
  const offset = (weekday - weekdayOf(first) + 7) % 7;
  return addCalendarDays(first, offset + (nth - 1) * 7);
}

/** The last given weekday of a month. */
function lastWeekday(year: number, month: number, weekday: number): CalendarDay {
  const last = addCalendarDays({ year: month === 12 ? year + 1 : year, month: (month % 12) + 1, day: 1 }, -1);
  return addCalendarDays(last, -((weekdayOf(last) - weekday + 7) % 7));
}

const MONDAY = 1;
const THURSDAY = 4;

/**
 * The holidays of a year in calendar order (001 §9): four fixed dates and five weekday rules. The spec moves
 * none of them to a weekday when it falls on a weekend, so neither does this.
 */
export function holidaysOf(year: number): Holiday[] {
  const fixed = (month: number, day: number, name: string): Holiday => ({ month, day, name });
  const rule = (date: CalendarDay, name: string): Holiday => ({ month: date.month, day: date.day, name });
  return [
    fixed(1, 1, "New Year's Day"),
    rule(nthWeekday(year, 1, MONDAY, 3), 'Martin Luther King Jr. Day'),
    rule(nthWeekday(year, 2, MONDAY, 3), "Presidents' Day"),
    rule(lastWeekday(year, 5, MONDAY), 'Memorial Day'),
    fixed(7, 4, 'Independence Day'),
    rule(nthWeekday(year, 9, MONDAY, 1), 'Labor Day'),
    fixed(11, 11, 'Veterans Day'),
    rule(nthWeekday(year, 11, THURSDAY, 4), 'Thanksgiving Day'),
    fixed(12, 25, 'Christmas Day'),
  ];
}

/** True when the Pacific-time calendar date of the instant is a holiday (001 §9 "Holidays (Pacific time)"). */
export function isHoliday(instant: Date): boolean {
  const pacific = wallTimeAt(instant, PACIFIC_TIME_ZONE);
  return holidaysOf(pacific.year).some((h) => h.month === pacific.month && h.day === pacific.day);
}

/**
 * The after-hours rule on the two clocks' hours: Pacific before 6:00 or from 16:00, or Eastern before 9:00
 * or from 19:00 (001 §9). Each clock is checked on its own, as the spec words it, rather than deriving one
 * from the other.
 */
export function isAfterHoursOnClocks(pacificHour: number, easternHour: number): boolean {
  return pacificHour < 6 || pacificHour >= 16 || easternHour < 9 || easternHour >= 19;
}

/** True outside office hours (001 §9). No weekend rule: the spec names none. */
export function isAfterHours(instant: Date): boolean {
  return isAfterHoursOnClocks(
    wallTimeAt(instant, PACIFIC_TIME_ZONE).hour,
    wallTimeAt(instant, EASTERN_TIME_ZONE).hour,
  );
}

/** The banner at an instant: a holiday wins over after-hours, since the holiday text already gives its hours. */
export function bannerAt(instant: Date): OfficeBanner {
  if (isHoliday(instant)) return 'holiday';
  if (isAfterHours(instant)) return 'after-hours';
  return 'none';
}
