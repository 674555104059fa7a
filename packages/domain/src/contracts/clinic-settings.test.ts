import { describe, expect, it } from 'vitest';
import { ClinicSettings, ClinicSettingsBody } from './care';

const messagesOf = (input: unknown) => {
  const r = ClinicSettingsBody.safeParse(input);
  return r.success ? null : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};
const delay = (minutes: unknown) => ({ messaging: { reminder_delay_minutes: minutes } });
const FIELD = 'messaging.reminder_delay_minutes';

describe('clinic settings', () => {
  it('take a reminder delay of 1 minute to a week, in whole minutes', () => {
    for (const minutes of [1, 30, 45, 10_080]) expect(messagesOf(delay(minutes))).toBeNull();
    const applied = { ...delay(45), appointments: { list_booking: false } };
    expect(ClinicSettings.parse(applied)).toEqual(applied);
  });

  it('say what is wrong with a delay, on its field', () => {
    expect(messagesOf(delay(0))).toEqual([[FIELD, 'Enter at least 1 minute.']]);
    expect(messagesOf(delay(-5))).toEqual([[FIELD, 'Enter at least 1 minute.']]);
    expect(messagesOf(delay(10_081))).toEqual([[FIELD, 'Enter at most 10,080 minutes (one week).']]);
    expect(messagesOf(delay(1.5))).toEqual([[FIELD, 'Enter a whole number of minutes.']]);
    for (const bad of ['x', '45', null, undefined, Number.NaN, Number.POSITIVE_INFINITY])
      expect(messagesOf(delay(bad))).toEqual([[FIELD, 'Enter a number of minutes.']]);
    expect(messagesOf({ messaging: null })).toEqual([['messaging', 'Send the messaging settings.']]);
    expect(messagesOf({})).toEqual([['', 'Send the settings to change.']]);
  });

  it('take the Appointments list booking switch alone or with the delay', () => {
    expect(messagesOf({ appointments: { list_booking: true } })).toBeNull();
    expect(messagesOf({ ...delay(45), appointments: { list_booking: false } })).toBeNull();
    expect(messagesOf({ appointments: { list_booking: 'on' } })).toEqual([
      [
        'appointments.list_booking',
        'Say whether patients can book from their Appointments list (true or false).',
      ],
    ]);
    expect(messagesOf({ appointments: { list_booking: true, walk_in: true } })).toEqual([
      ['appointments', 'Unrecognized key: "walk_in"'],
    ]);
  });

  it('refuse keys they do not know, at either level', () => {
    expect(messagesOf({ ...delay(45), name: 'Other' })).toEqual([['', 'Unrecognized key: "name"']]);
    expect(messagesOf({ messaging: { reminder_delay_minutes: 45, channel: 'sms' } })).toEqual([
      ['messaging', 'Unrecognized key: "channel"'],
    ]);
  });
});
