import type { Appointment } from '@portal/domain/contracts/appointment';
import { unfoldIcs } from '@portal/domain/scheduling/ics';
import { fixedClock } from '@portal/domain/testing/fixed-clock';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  json,
  logInAs,
  type OutboxMessage,
  readOutboxMessages,
  rows,
  signupPatient,
  type TestApp,
  waitForMail,
} from '../../test/harness';
import { mimeParts } from '../../test/mime';
import { notifierFor } from '../notifications/notifier';

/*
 * The appointment e-mails as a patient's mail client receives them (the outbox's .eml): the sentence in the
 * patient's zone (Los Angeles) while the physician works in New York, across the end of daylight saving time
 * (Sunday 1 November 2026), and the calendar invitation that keeps one event per appointment.
 */

let t: TestApp;
let evergreen: string;
let care: string;
let raman: string;

type Patient = Awaited<ReturnType<typeof signupPatient>>;

// Wednesday 28 October 2026, 8:00 AM in New York: four days before the clocks go back.
const NOW = '2026-10-28T12:00:00Z';
// Dr. Raman (America/New_York, 9:00 to 17:00 on weekdays): 10:00 AM in New York, 7:00 AM in Los Angeles.
const FRIDAY_BEFORE = '2026-10-30T14:00:00.000Z';
const MONDAY_AFTER = '2026-11-02T15:00:00.000Z';
const TUESDAY_AFTER = '2026-11-03T15:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_ACCOUNT: '100000', RATE_LIMIT_ADDRESS: '100000' },
    { now: fixedClock(NOW) },
  );
  evergreen = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  care = await logInAs(t.app, 'care@evergreen.test', evergreen);
  const [row] = await rows<{ id: string }>(
    t.database,
    sql`select id from physicians where organization_id = ${evergreen} and last_name = 'Raman'`,
  );
  raman = row!.id;
}, 60_000);
afterAll(() => t.close());

const book = async (p: Patient, start: string, extra: Record<string, unknown> = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/appointments',
    headers: bearer(p.token),
    payload: { kind: 'coaching', start_time: start, physician_id: raman, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<Appointment>(res);
};

/** The nth e-mail (1-based) to the patient, once it is in the outbox. */
async function nthMail(p: Patient, n: number): Promise<OutboxMessage> {
  await waitForMail(t.outboxDir, p.email, n, 15_000);
  return readOutboxMessages(t.outboxDir, p.email)[n - 1]!;
}

/** The invitation as calendars read it: the text/calendar alternative, checked against the .ics attachment. */
function invitationOf(mail: OutboxMessage) {
  const parts = mimeParts(mail.eml);
  const alternative = parts.find((p) => p.contentType.startsWith('text/calendar'));
  const attachment = parts.find((p) => p.contentType.startsWith('application/ics'));
  expect(alternative, 'a text/calendar part').toBeDefined();
  expect(attachment?.headers['content-disposition']).toMatch(/attachment; filename=invite\.ics/);
  const lines = unfoldIcs(alternative!.body.replace(/\r?\n/g, '\r\n'));
  expect(unfoldIcs(attachment!.body)).toEqual(lines);
  const value = (name: string) =>
    lines.find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`))?.replace(/^[^:]*:/, '');
  return { contentType: alternative!.contentType, lines, value };
}

const htmlOf = (mail: OutboxMessage) =>
  mimeParts(mail.eml).find((p) => p.contentType.startsWith('text/html'))!.body;

describe('the e-mails of a patient’s own booking, move and cancellation', () => {
  let p: Patient;
  let appointment: Appointment;

  beforeAll(async () => {
    p = await signupPatient(t.app, evergreen);
    appointment = await book(p, FRIDAY_BEFORE, { time_zone: 'America/Los_Angeles' });
  });

  it('booked: the time in the patient’s zone, named, and a REQUEST invitation at sequence 0', async () => {
    const mail = await nthMail(p, 1);
    expect(mail.subject).toBe('Your Evergreen Longevity appointment is booked');
    expect(mail.text).toContain(
      'Your appointment with Evergreen Longevity is booked for Friday, October 30, 2026 at 7:00 AM PDT.',
    );
    // Not the physician's wall clock.
    expect(mail.text).not.toMatch(/10:00 AM|EDT/);
    expect(mail.alternatives).toEqual([{ content_type: 'text/calendar; method=REQUEST' }]);
    expect(mail.attachments).toEqual([{ filename: 'invite.ics', content_type: 'application/ics' }]);

    const ics = invitationOf(mail);
    expect(ics.contentType).toMatch(/method=REQUEST/);
    expect(ics.value('METHOD')).toBe('REQUEST');
    expect(ics.value('UID')).toBe(`${appointment._id}@localhost`);
    expect(ics.value('SEQUENCE')).toBe('0');
    expect(ics.value('DTSTART')).toBe('20261030T140000Z');
    expect(ics.value('DTEND')).toBe('20261030T143000Z');
    expect(ics.value('STATUS')).toBe('CONFIRMED');
    expect(ics.value('SUMMARY')).toBe('Evergreen Longevity appointment');
    expect(ics.value('LOCATION')).toBe(`http://localhost:3000/dashboard/${p.id}/appointments`);
    expect(ics.value('DESCRIPTION')).toContain('Friday\\, October 30 at 7:00 AM PDT');
    // Nothing of the kind of call, the physician or the room leaves by e-mail.
    expect(mail.eml).not.toMatch(/coaching|raman|physician|meet\.jit\.si/i);
  });

  it('moved: "has moved", new and old times, REQUEST with the same UID and the next sequence', async () => {
    await nthMail(p, 1);
    const res = await t.app.inject({
      method: 'POST',
      url: `/v2/appointments/${appointment._id}/reschedule`,
      headers: bearer(p.token),
      payload: { start_time: TUESDAY_AFTER },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await nthMail(p, 2);
    expect(mail.subject).toBe('Your Evergreen Longevity appointment has moved');
    expect(mail.text).toContain(
      'Your appointment with Evergreen Longevity has moved to Tuesday, November 3, 2026 at 7:00 AM PST.',
    );
    expect(mail.text).toContain('It was on Friday, October 30, 2026 at 7:00 AM PDT.');
    const ics = invitationOf(mail);
    expect(ics.value('METHOD')).toBe('REQUEST');
    expect(ics.value('UID')).toBe(`${appointment._id}@localhost`);
    expect(ics.value('SEQUENCE')).toBe('1');
    expect(ics.value('DTSTART')).toBe('20261103T150000Z');
    expect(ics.value('DTEND')).toBe('20261103T153000Z');
  });

  it('canceled by the patient: CANCEL with the same UID and a later sequence', async () => {
    await nthMail(p, 2);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/appointments/cancel',
      headers: bearer(p.token),
      payload: { appointment_id: appointment._id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await nthMail(p, 3);
    expect(mail.subject).toBe('Your Evergreen Longevity appointment is canceled');
    expect(mail.text).toContain(
      'Your appointment with Evergreen Longevity on Tuesday, November 3, 2026 at 7:00 AM PST is canceled.',
    );
    expect(mail.alternatives).toEqual([{ content_type: 'text/calendar; method=CANCEL' }]);
    const ics = invitationOf(mail);
    expect(ics.contentType).toMatch(/method=CANCEL/);
    expect(ics.value('METHOD')).toBe('CANCEL');
    expect(ics.value('UID')).toBe(`${appointment._id}@localhost`);
    expect(ics.value('SEQUENCE')).toBe('2');
    expect(ics.value('DTSTART')).toBe('20261103T150000Z');
    expect(ics.value('STATUS')).toBe('CANCELLED');
    const [notice] = await rows<{ message: string }>(
      t.database,
      sql`select message from notifications where user_id = ${p.id} and message like '%is canceled.'`,
    );
    expect(notice?.message).toBe('Your coaching session on Tuesday, November 3 at 7:00 AM PST is canceled.');
  });
});

describe('the clinic booking on a patient’s behalf and cancelling with a message', () => {
  it('sends the same booked e-mail in the patient’s zone, then CANCEL with the message, escaped in HTML', async () => {
    const p = await signupPatient(t.app, evergreen);
    // The patient's own booking gave their zone; the clinic's booking names none.
    await book(p, FRIDAY_BEFORE.replace('30T', '29T'), { time_zone: 'America/Los_Angeles' });
    await nthMail(p, 1);
    const res = await t.app.inject({
      method: 'POST',
      url: `/care/${evergreen}/appointments`,
      headers: bearer(care),
      payload: { patient_id: p.id, kind: 'coaching', start_time: MONDAY_AFTER, physician_id: raman },
    });
    expect(res.statusCode, res.body).toBe(201);
    const booked = json<Appointment>(res);
    const mail = await nthMail(p, 2);
    expect(mail.subject).toBe('Your Evergreen Longevity appointment is booked');
    expect(mail.text).toContain('is booked for Monday, November 2, 2026 at 7:00 AM PST.');
    const request = invitationOf(mail);
    expect(request.value('METHOD')).toBe('REQUEST');
    expect(request.value('UID')).toBe(`${booked._id}@localhost`);
    expect(request.value('SEQUENCE')).toBe('0');
    expect(request.value('DTSTART')).toBe('20261102T150000Z');

    const message = 'Dr. Raman is away <b>that day</b> & sends her apologies; please book another time.';
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/care/${evergreen}/appointments/${booked._id}/cancel`,
      headers: bearer(care),
      payload: { message },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const canceled = await nthMail(p, 3);
    expect(canceled.subject).toBe('Your Evergreen Longevity appointment is canceled');
    expect(canceled.text).toContain(
      'Evergreen Longevity canceled your appointment on Monday, November 2, 2026 at 7:00 AM PST. Their message to you:',
    );
    expect(canceled.text).toContain(message);
    const html = htmlOf(canceled);
    expect(html).toContain(
      'Dr. Raman is away &lt;b&gt;that day&lt;/b&gt; &amp; sends her apologies; please book another time.',
    );
    expect(html).not.toContain('<b>that day');
    const ics = invitationOf(canceled);
    expect(ics.value('METHOD')).toBe('CANCEL');
    expect(ics.value('UID')).toBe(`${booked._id}@localhost`);
    expect(ics.value('SEQUENCE')).toBe('1');
    expect(ics.value('DTSTART')).toBe('20261102T150000Z');
  });
});

describe('a patient who turned appointment e-mails off', () => {
  it('gets the portal notifications and no e-mail', async () => {
    const p = await signupPatient(t.app, evergreen);
    const url = `/v2/users/${p.id}/notification-preferences`;
    const current = json<{ preferences: Record<string, { email: boolean; sms: boolean }> }>(
      await t.app.inject({ url, headers: bearer(p.token) }),
    ).preferences;
    const put = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(p.token),
      payload: { ...current, appointments: { email: false, sms: false } },
    });
    expect(put.statusCode, put.body).toBe(200);
    const appointment = await book(p, MONDAY_AFTER, { time_zone: 'America/Los_Angeles' });
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/v2/appointments/cancel',
      headers: bearer(p.token),
      payload: { appointment_id: appointment._id },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await notifierFor(t.app).settled();
    expect(readOutboxMessages(t.outboxDir, p.email)).toEqual([]);
    const notices = await rows<{ message: string }>(
      t.database,
      sql`select message from notifications where user_id = ${p.id} and category = 'appointments'`,
    );
    expect(notices).toHaveLength(2);
  });
});
