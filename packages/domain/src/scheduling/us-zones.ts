/**
 * The rules of the main US zones, read without Intl. A page's first `Intl.DateTimeFormat` with a time zone
 * loads the browser's ICU zone data (tens of milliseconds of main thread on a phone, paid inside the render
 * that shows the time), and the portal's times are nearly always in one of these zones: the coaching times
 * in Pacific time (001 §4), a patient's calls in their own US zone. Any other zone, or a year outside
 * FIRST_YEAR..LAST_YEAR, is read through Intl as before; the tests hold every rule here to what Intl says.
 */

interface UsZone {
  /** Offset from UTC in minutes outside daylight saving time. */
  standard: number;
  /** en-US short names, as Intl writes them (timeZoneName: 'short'). */
  standardName: string;
  /** Absent for a zone that keeps standard time all year. */
  daylightName?: string;
}

const US_ZONES: Record<string, UsZone> = {
  'America/New_York': { standard: -300, standardName: 'EST', daylightName: 'EDT' },
  'America/Chicago': { standard: -360, standardName: 'CST', daylightName: 'CDT' },
  'America/Denver': { standard: -420, standardName: 'MST', daylightName: 'MDT' },
  'America/Phoenix': { standard: -420, standardName: 'MST' },
  'America/Los_Angeles': { standard: -480, standardName: 'PST', daylightName: 'PDT' },
  'America/Anchorage': { standard: -540, standardName: 'AKST', daylightName: 'AKDT' },
  'Pacific/Honolulu': { standard: -600, standardName: 'HST' },
};

/**
 * Daylight time from the second Sunday of March to the first Sunday of November, 2:00 local, has held since
 * 2007 (Energy Policy Act of 2005). Years past LAST_YEAR go through Intl, whose zone data follows any new law.
 */
const FIRST_YEAR = 2007;
const LAST_YEAR = 2030;
const MINUTE = 60_000;

/** The UTC day of the month of the `nth` Sunday of a month (0-based month). */
function nthSunday(year: number, month: number, nth: number): number {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((7 - firstWeekday) % 7) + (nth - 1) * 7;
}

export interface UsZoneReading {
  /** Offset from UTC in minutes at the instant. */
  offset: number;
  /** 'PST', 'PDT', ... */
  name: string;
}

/** The offset and short name of a main US zone at an instant; null for any other zone or year. */
export function readUsZone(instant: Date, timeZone: string): UsZoneReading | null {
  const zone = US_ZONES[timeZone];
  if (!zone) return null;
  const time = instant.getTime();
  const year = new Date(time + zone.standard * MINUTE).getUTCFullYear();
  if (!(year >= FIRST_YEAR && year <= LAST_YEAR)) return null;
  if (!zone.daylightName) return { offset: zone.standard, name: zone.standardName };
  // 2:00 standard time on the spring Sunday; 2:00 daylight time (1:00 standard) on the autumn one
  const starts = Date.UTC(year, 2, nthSunday(year, 2, 2), 2) - zone.standard * MINUTE;
  const ends = Date.UTC(year, 10, nthSunday(year, 10, 1), 1) - zone.standard * MINUTE;
  return time >= starts && time < ends
    ? { offset: zone.standard + 60, name: zone.daylightName }
    : { offset: zone.standard, name: zone.standardName };
}
