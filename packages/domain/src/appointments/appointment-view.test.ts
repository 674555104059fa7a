import { describe, expect, it } from 'vitest';
import {
  appointmentActions,
  appointmentsForList,
  formatAppointmentDate,
  formatAppointmentTime,
  hasUpcoming,
  ordinal,
  zoneAbbreviation,
} from './appointment-view';

describe('appointment dates and times (001 §9: MMM Do, YYYY and hh:mm a)', () => {
  it('writes ordinals as English does', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '31st',
      '101st',
      '111th',
    ]);
  });

  it("shows the date and time in the patient's own zone, which may be another day than UTC", () => {
    const at = new Date('2026-03-09T02:30:00Z');
    expect(formatAppointmentDate(at, 'America/Los_Angeles')).toBe('Mar 8th, 2026');
    expect(formatAppointmentTime(at, 'America/Los_Angeles')).toBe('07:30 pm');
    expect(formatAppointmentDate(at, 'America/New_York')).toBe('Mar 8th, 2026');
    expect(formatAppointmentTime(at, 'America/New_York')).toBe('10:30 pm');
    expect(formatAppointmentDate(at, 'Europe/Berlin')).toBe('Mar 9th, 2026');
    expect(formatAppointmentTime(at, 'Europe/Berlin')).toBe('03:30 am');
  });

  it('pads the hour and writes noon and midnight on the 12-hour clock', () => {
    expect(formatAppointmentTime(new Date('2026-07-01T19:00:00Z'), 'America/Los_Angeles')).toBe('12:00 pm');
    expect(formatAppointmentTime(new Date('2026-07-01T07:05:00Z'), 'America/Los_Angeles')).toBe('12:05 am');
    expect(formatAppointmentTime(new Date('2026-07-01T16:00:00Z'), 'America/Los_Angeles')).toBe('09:00 am');
  });

  it('follows daylight saving: the same UTC hour reads an hour apart in winter and summer', () => {
    expect(formatAppointmentTime(new Date('2026-01-15T17:00:00Z'), 'America/Chicago')).toBe('11:00 am');
    expect(formatAppointmentTime(new Date('2026-07-15T17:00:00Z'), 'America/Chicago')).toBe('12:00 pm');
    expect(zoneAbbreviation(new Date('2026-01-15T17:00:00Z'), 'America/Chicago')).toBe('CST');
    expect(zoneAbbreviation(new Date('2026-07-15T17:00:00Z'), 'America/Chicago')).toBe('CDT');
    expect(formatAppointmentTime(new Date('2026-07-15T17:00:00Z'), 'America/Phoenix')).toBe('10:00 am');
  });
});

describe('what an appointment offers (001 §4)', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const event = (start: string, end: string, canceled = false) => ({
    start_time: start,
    end_time: end,
    canceled,
  });

  it('offers cancel, reschedule and the room for a future appointment', () => {
    expect(appointmentActions(event('2026-11-21T12:00:00Z', '2026-11-21T12:30:00Z'), now)).toEqual({
      canCancel: true,
      canReschedule: true,
      showRoom: true,
    });
  });

  it('offers nothing for a cancelled one, even in the future', () => {
    expect(appointmentActions(event('2026-11-21T12:00:00Z', '2026-11-21T12:30:00Z', true), now)).toEqual({
      canCancel: false,
      canReschedule: false,
      showRoom: false,
    });
  });

  it('keeps only the room while it runs, and nothing once it has ended', () => {
    expect(appointmentActions(event('2026-11-20T11:45:00Z', '2026-11-20T12:15:00Z'), now)).toEqual({
      canCancel: false,
      canReschedule: false,
      showRoom: true,
    });
    expect(appointmentActions(event('2026-11-20T11:00:00Z', '2026-11-20T12:00:00Z'), now)).toEqual({
      canCancel: false,
      canReschedule: false,
      showRoom: false,
    });
  });

  it('reverses the list after load and tells whether anything is to come', () => {
    const list = [
      event('2026-10-01T12:00:00Z', '2026-10-01T12:30:00Z'),
      event('2026-11-21T12:00:00Z', '2026-11-21T12:30:00Z'),
    ];
    expect(appointmentsForList(list)).toEqual([list[1], list[0]]);
    expect(list[0]!.start_time).toBe('2026-10-01T12:00:00Z');
    expect(hasUpcoming(list, now)).toBe(true);
    expect(hasUpcoming([list[0]!], now)).toBe(false);
    expect(hasUpcoming([{ ...list[1]!, canceled: true }], now)).toBe(false);
  });
});
