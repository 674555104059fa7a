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

/** What Intl (the runtime's zone data) says of a zone at an instant: offset in minutes and short name. */
function intlReading(zone: string) {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    timeZoneName: 'short',
  });
  return (instant: Date) => {
    const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
    const asUtc = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour! % 24, +parts.minute!);
    const floored = Math.floor(instant.getTime() / 60_000) * 60_000;
    return { offset: Math.round((asUtc - floored) / 60_000), name: parts.timeZoneName };
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
    const day = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
    });
    const dayWithYear = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    });
    const time = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' });
    const timeWithZone = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    const slotDay = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
    });
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
