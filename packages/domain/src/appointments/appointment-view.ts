/**
 * How the Appointments page shows a booked appointment (001 §2, §4, §9): dates as 'MMM Do, YYYY' and times as
 * 'hh:mm a' in the patient's own time zone, and which actions an appointment offers.
 */

/** 1 -> '1st', 2 -> '2nd', 11 -> '11th', 22 -> '22nd'. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

function partsIn(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: get('year'),
    month: get('month'),
    day: Number(get('day')),
    hour: get('hour'),
    minute: get('minute'),
    dayPeriod: get('dayPeriod').toLowerCase(),
  };
}

/** 'MMM Do, YYYY' in the zone: 'Mar 8th, 2026'. */
export function formatAppointmentDate(instant: Date, timeZone: string): string {
  const p = partsIn(instant, timeZone);
  return `${p.month} ${ordinal(p.day)}, ${p.year}`;
}

/** 'hh:mm a' in the zone: '09:30 am'. */
export function formatAppointmentTime(instant: Date, timeZone: string): string {
  const p = partsIn(instant, timeZone);
  return `${p.hour.padStart(2, '0')}:${p.minute} ${p.dayPeriod}`;
}

/** The short name of the zone on that date ('PST', 'EDT', 'GMT+2'), shown beside the times. */
export function zoneAbbreviation(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(instant);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

export interface AppointmentTimes {
  start_time: string;
  end_time: string;
  canceled: boolean;
}

/**
 * What an appointment offers (001 §4): cancel and reschedule only when it is not cancelled and has not
 * started; the waiting room from the same moment until it ends, so a patient who joins a minute late still
 * finds the link.
 */
export function appointmentActions(event: AppointmentTimes, now: Date) {
  const start = Date.parse(event.start_time);
  const end = Date.parse(event.end_time);
  const upcoming = !event.canceled && start > now.getTime();
  return {
    canCancel: upcoming,
    canReschedule: upcoming,
    showRoom: !event.canceled && end > now.getTime(),
  };
}

/** The list as the page shows it: reversed after load (001 §2), the API's oldest-first becoming newest first. */
export function appointmentsForList<T>(appointments: readonly T[]): T[] {
  return [...appointments].reverse();
}

/** Whether any appointment is still to come: the empty state reads 'No Upcoming Appointments' otherwise. */
export function hasUpcoming(events: readonly AppointmentTimes[], now: Date): boolean {
  return events.some((e) => !e.canceled && Date.parse(e.end_time) > now.getTime());
}
