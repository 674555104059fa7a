import { describe, expect, it } from 'vitest';
import { formatCallTime, formatSlotDay, formatSlotTime } from './format-slot';
import { readUsZone } from './us-zones';

const ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
];
const HOUR = 3_600_000;

const intlFormat = (timeZone: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { timeZone, ...options });

/** What Intl (the runtime's zone data) says of a zone at an instant: offset in minutes and short name. */
function intlReading(zone: string) {
  const offsetFormat = intlFormat(zone, { timeZoneName: 'longOffset' });
  const nameFormat = intlFormat(zone, { timeZoneName: 'short' });
  const part = (format: Intl.DateTimeFormat, instant: Date) =>
    format.formatToParts(instant).find((p) => p.type === 'timeZoneName')!.value;
  return (instant: Date) => {
    // 'GMT-08:00', or 'GMT' for UTC itself
    const [, sign, hours, minutes] = /^GMT(?:([+-])(\d\d):(\d\d))?$/.exec(part(offsetFormat, instant))!;
    const offset = sign ? (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) : 0;
    return { offset, name: part(nameFormat, instant) };
  };
}

/**
 * Instants to compare from 2 January 2007 to 30 December 2030 (local years 2007 to 2030 in every zone): every
 * hour of March and November (when the clocks change, always on a UTC hour in these zones), with the minute
 * before each, and every 5 hours the rest of the year.
 */
function* instants() {
  for (let t = Date.UTC(2007, 0, 2); t < Date.UTC(2030, 11, 31); ) {
    const month = new Date(t).getUTCMonth();
    yield new Date(t);
    if (month === 2 || month === 10) {
      yield new Date(t - 60_000);
      t += HOUR;
    } else t += 5 * HOUR;
  }
}

describe('readUsZone', () => {
  it.each(ZONES)('reads %s as Intl does, every daylight-saving change from 2007 to 2030 included', (zone) => {
    const intl = intlReading(zone);
    let compared = 0;
    for (const instant of instants()) {
      const reading = readUsZone(instant, zone);
      const expected = intl(instant);
      if (reading?.offset !== expected.offset || reading.name !== expected.name)
        expect({ at: instant.toISOString(), ...reading }).toEqual({ at: instant.toISOString(), ...expected });
      compared += 1;
    }
    expect(compared).toBeGreaterThan(24 * 2000);
  });

  it('leaves other zones and years to Intl', () => {
    expect(readUsZone(new Date('2026-07-01T12:00:00Z'), 'Europe/Paris')).toBeNull();
    expect(readUsZone(new Date('2026-07-01T12:00:00Z'), 'America/Indiana/Knox')).toBeNull();
    expect(readUsZone(new Date('2006-07-01T12:00:00Z'), 'America/Los_Angeles')).toBeNull();
    expect(readUsZone(new Date('2031-07-01T12:00:00Z'), 'America/Los_Angeles')).toBeNull();
    expect(readUsZone(new Date(Number.NaN), 'America/Los_Angeles')).toBeNull();
  });
});

describe('call and slot times in the main US zones', () => {
  it.each(ZONES)('are written in %s exactly as Intl writes them', (zone) => {
    const day = intlFormat(zone, { weekday: 'long', month: 'long', day: 'numeric' });
    const dayWithYear = intlFormat(zone, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
    const time = intlFormat(zone, { hour: 'numeric', minute: '2-digit' });
    const timeWithZone = intlFormat(zone, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    const slotDay = intlFormat(zone, { weekday: 'short', month: 'short', day: 'numeric' });
    // every 7 h 13 min over two years: every hour of the day, minute and weekday comes round
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 7 * HOUR + 13 * 60_000 + 17_000) {
      const at = new Date(t);
      expect(formatSlotTime(at, zone)).toBe(time.format(at));
      expect(formatSlotTime(at, zone, true)).toBe(timeWithZone.format(at));
      expect(formatSlotDay(at, zone)).toBe(slotDay.format(at));
      expect(formatCallTime(at, zone)).toBe(`${day.format(at)} at ${timeWithZone.format(at)}`);
      expect(formatCallTime(at, zone, { withYear: true })).toBe(
        `${dayWithYear.format(at)} at ${timeWithZone.format(at)}`,
      );
    }
  });
});
