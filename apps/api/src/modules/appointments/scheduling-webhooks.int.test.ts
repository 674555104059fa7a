import { createHmac } from 'node:crypto';
import type { Appointment } from '@portal/domain/contracts/appointment';
import { FIXED_NOW, fixedClock } from '@portal/domain/testing/fixed-clock';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';
import { notifierFor } from '../notifications/notifier';
import { createAppointmentReminders } from './reminders';
import { CALCOM_WEBHOOK_URL, CALENDLY_WEBHOOK_URL } from './scheduling-webhooks.routes';

const CALCOM_SECRET = 'calcom-webhook-secret-for-tests';
const CALENDLY_KEY = 'calendly-signing-key-for-tests-0123456789';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let evergreen: string;
let bluecrest: string;
let linkedPhysician: string;
type Patient = Awaited<ReturnType<typeof signupPatient>>;

beforeAll(async () => {
  t = await createTestApp({
    CALCOM_WEBHOOK_SECRET: CALCOM_SECRET,
    CALENDLY_WEBHOOK_SIGNING_KEY: CALENDLY_KEY,
    RATE_LIMIT_ACCOUNT: '100000',
    RATE_LIMIT_ADDRESS: '100000',
  });
  const org = async (domain: string) =>
    json<{ _id: string }>(await t.app.inject({ url: `/organization/search?domain=${domain}` }))._id;
  evergreen = await org('localhost');
  bluecrest = await org('127.0.0.1');
  // The organizer at the scheduler is known to the portal by the physician's staff account e-mail (the
  // seeded medical director's).
  const [physician] = await rows<{ id: string }>(
    t.database,
    sql`select p.id from physicians p join users u on u.id = p.user_id
        where u.email = 'physician@evergreen.test'`,
  );
  linkedPhysician = physician!.id;
}, 60_000);
afterAll(() => t.close());

const hmac = (key: string, data: string) => createHmac('sha256', key).update(data).digest('hex');
const iso = (ms: number) => new Date(ms).toISOString();
let uidCounter = 0;
let slotCounter = 0;
/** A time of its own for each booking (the physician's bookings may not overlap), days ahead. */
function slot(): number {
  slotCounter += 1;
  return FIXED_NOW.getTime() + 3 * DAY + slotCounter * 2 * HOUR;
}
function uid(prefix: string): string {
  uidCounter += 1;
  return `${prefix}${Date.now().toString(36)}${uidCounter}`;
}

function calcomDelivery(
  triggerEvent: string,
  payload: Record<string, unknown>,
  createdAt = iso(FIXED_NOW.getTime()),
): string {
  return JSON.stringify({ triggerEvent, createdAt, payload });
}

function calcomBooking(
  p: Patient,
  over: Record<string, unknown> & { uid: string; start: number },
): Record<string, unknown> {
  const { start, ...rest } = over;
  return {
    title: 'Longevity Consultation between Dr and Pat',
    startTime: iso(start),
    endTime: iso(start + 30 * 60_000),
    location: 'https://cal.video/room-1',
    attendees: [{ email: p.email, name: 'Pat Tester', timeZone: 'America/New_York' }],
    organizer: { email: 'physician@evergreen.test', name: 'Dr', timeZone: 'America/Los_Angeles' },
    metadata: { patient_id: p.id, organization_id: p.organization, kind: 'consultation' },
    ...rest,
  };
}

const postCalcom = (body: string, signature: string | null = hmac(CALCOM_SECRET, body)) =>
  t.app.inject({
    method: 'POST',
    url: CALCOM_WEBHOOK_URL,
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-cal-signature-256': signature }),
    },
    payload: body,
  });

const calendlyHeader = (body: string, at = FIXED_NOW, key = CALENDLY_KEY) => {
  const ts = Math.floor(at.getTime() / 1000);
  return `t=${ts},v1=${hmac(key, `${ts}.${body}`)}`;
};
const postCalendly = (body: string, header: string | null = calendlyHeader(body)) =>
  t.app.inject({
    method: 'POST',
    url: CALENDLY_WEBHOOK_URL,
    headers: {
      'content-type': 'application/json',
      ...(header === null ? {} : { 'calendly-webhook-signature': header }),
    },
    payload: body,
  });

const inviteeUri = (uuid: string) => `https://api.calendly.com/scheduled_events/EVT${uuid}/invitees/${uuid}`;
function calendlyDelivery(
  event: string,
  p: { id: string; email: string },
  over: { uuid: string; start: number; oldUuid?: string; rescheduled?: boolean; createdAt?: string },
): string {
  return JSON.stringify({
    event,
    created_at: over.createdAt ?? iso(FIXED_NOW.getTime()),
    created_by: 'https://api.calendly.com/users/AAAA',
    payload: {
      uri: inviteeUri(over.uuid),
      email: p.email,
      name: 'Pat Tester',
      timezone: 'America/Chicago',
      status: event === 'invitee.canceled' ? 'canceled' : 'active',
      rescheduled: over.rescheduled ?? false,
      old_invitee: over.oldUuid ? inviteeUri(over.oldUuid) : null,
      scheduled_event: {
        uri: `https://api.calendly.com/scheduled_events/EVT${over.uuid}`,
        name: 'Physician Visit',
        start_time: iso(over.start),
        end_time: iso(over.start + 20 * 60_000),
        location: { type: 'zoom', join_url: 'https://zoom.us/j/123' },
        event_memberships: [{ user_email: 'someone-not-in-the-portal@example.com' }],
      },
      tracking: { utm_content: p.id, utm_term: linkedPhysician, utm_source: null },
    },
  });
}

type Row = {
  id: string;
  patient_id: string;
  physician_id: string | null;
  start_time: string;
  canceled: boolean;
  external_source: string;
  uuid: string;
  location: string | null;
  event_type_kind: string;
  sequence: number;
};
const appointmentsOf = (patientId: string) =>
  rows<Row>(
    t.database,
    sql`select id, patient_id, physician_id, start_time::text, canceled, external_source, uuid, location,
          event_type_kind, sequence
        from appointments where patient_id = ${patientId} order by created_at`,
  );
const deliveriesOf = (appointmentId: string) =>
  rows<{ provider: string; event_id: string }>(
    t.database,
    sql`select provider, event_id from scheduling_webhook_events where appointment_id = ${appointmentId}`,
  );
type Reminder = { id: string; kind: string; sequence: number; due_at: string };
const remindersOf = (appointmentId: string) =>
  rows<Reminder>(
    t.database,
    sql`select id, kind, sequence, due_at::text from appointment_reminders
        where appointment_id = ${appointmentId} order by sequence, due_at`,
  );
const runReminder = (r: Reminder) =>
  createAppointmentReminders({
    db: t.database.db,
    notifier: notifierFor(t.app),
    now: fixedClock(new Date(r.due_at)),
  }).run({ reminderId: r.id });

describe('Cal.com webhook signature', () => {
  it('accepts a delivery signed with the secret and refuses a wrong secret, a changed body or no signature', async () => {
    const p = await signupPatient(t.app, evergreen);
    const body = calcomDelivery('BOOKING_CREATED', calcomBooking(p, { uid: uid('sig'), start: slot() }));

    const wrongSecret = await postCalcom(body, hmac('another-secret-entirely', body));
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json()).toEqual({
      text: 'InvalidSignature',
      message: 'The webhook signature could not be verified.',
    });
    const tampered = await postCalcom(
      body.replace(p.email, 'someone@example.com'),
      hmac(CALCOM_SECRET, body),
    );
    expect(tampered.statusCode).toBe(401);
    expect((await postCalcom(body, null)).statusCode).toBe(401);
    expect((await postCalcom(body, 'not-hex')).statusCode).toBe(401);
    expect(await appointmentsOf(p.id)).toHaveLength(0);

    const ok = await postCalcom(body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ received: true });
    expect(await appointmentsOf(p.id)).toHaveLength(1);
  });

  it('answers 400 for a signed delivery it cannot read, and acknowledges triggers it does not use', async () => {
    const unreadable = calcomDelivery('BOOKING_CREATED', { uid: 'x', startTime: 'tomorrow' });
    const res = await postCalcom(unreadable);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ text: 'MalformedWebhook' });
    const notJson = await postCalcom('{"triggerEvent":', hmac(CALCOM_SECRET, '{"triggerEvent":'));
    expect(notJson.statusCode).toBe(400);
    const ping = await postCalcom(calcomDelivery('PING', { foo: 'bar' }));
    expect(ping.statusCode).toBe(200);
  });
});

describe('Calendly webhook signature', () => {
  it('accepts a fresh signature and refuses a stale one, another key, a changed body or none', async () => {
    const p = await signupPatient(t.app, evergreen);
    const body = calendlyDelivery('invitee.created', p, {
      uuid: uid('CSIG'),
      start: slot(),
    });
    const stale = await postCalendly(body, calendlyHeader(body, new Date(FIXED_NOW.getTime() - 181_000)));
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ text: 'StaleSignature' });
    const otherKey = await postCalendly(
      body,
      calendlyHeader(body, FIXED_NOW, 'another-signing-key-0123456789'),
    );
    expect(otherKey.statusCode).toBe(401);
    expect(otherKey.json()).toMatchObject({ text: 'InvalidSignature' });
    const tampered = await postCalendly(body.replace('Physician Visit', 'Other'), calendlyHeader(body));
    expect(tampered.statusCode).toBe(401);
    expect((await postCalendly(body, null)).statusCode).toBe(401);
    expect((await postCalendly(body, 'v1=abc')).statusCode).toBe(401);
    expect(await appointmentsOf(p.id)).toHaveLength(0);

    // Signed 2 minutes ago: inside the window.
    const recent = await postCalendly(body, calendlyHeader(body, new Date(FIXED_NOW.getTime() - 120_000)));
    expect(recent.statusCode, recent.body).toBe(200);
    expect(await appointmentsOf(p.id)).toHaveLength(1);
  });
});

describe('replayed deliveries', () => {
  it('creates one appointment and one delivery row when Cal.com’s delivery comes twice', async () => {
    const p = await signupPatient(t.app, evergreen);
    const booking = calcomBooking(p, { uid: uid('rep'), start: slot() });
    const body = calcomDelivery('BOOKING_CREATED', booking);
    expect((await postCalcom(body)).statusCode).toBe(200);
    expect((await postCalcom(body)).statusCode).toBe(200);
    const list = await appointmentsOf(p.id);
    expect(list).toHaveLength(1);
    expect(await deliveriesOf(list[0]!.id)).toHaveLength(1);
    expect(await remindersOf(list[0]!.id)).toHaveLength(2);

    // Another delivery of the same booking (its own delivery id): recorded, and still one appointment.
    const again = calcomDelivery('BOOKING_CREATED', booking, iso(FIXED_NOW.getTime() + 60_000));
    expect((await postCalcom(again)).statusCode).toBe(200);
    expect(await appointmentsOf(p.id)).toHaveLength(1);
    expect(await deliveriesOf(list[0]!.id)).toHaveLength(2);
    expect(await remindersOf(list[0]!.id)).toHaveLength(2);
  });

  it('gives one appointment when copies and other deliveries of one booking arrive at once', async () => {
    const p = await signupPatient(t.app, evergreen);
    const booking = calcomBooking(p, { uid: uid('burst'), start: slot() });
    const copies = Array.from({ length: 4 }, () => calcomDelivery('BOOKING_CREATED', booking));
    const others = [1, 2, 3].map((s) =>
      calcomDelivery('BOOKING_CREATED', booking, iso(FIXED_NOW.getTime() + s * 1000)),
    );
    const answers = await Promise.all([...copies, ...others].map((body) => postCalcom(body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(7).fill(200));
    const list = await appointmentsOf(p.id);
    expect(list).toHaveLength(1);
    expect(await deliveriesOf(list[0]!.id)).toHaveLength(4);
    expect(await remindersOf(list[0]!.id)).toHaveLength(2);
  });

  it('applies a replayed cancellation once, and a replayed booking never revives a canceled appointment', async () => {
    const p = await signupPatient(t.app, evergreen);
    const id = uid('revive');
    const at = slot();
    const created = calcomDelivery('BOOKING_CREATED', calcomBooking(p, { uid: id, start: at }));
    const cancelled = calcomDelivery(
      'BOOKING_CANCELLED',
      calcomBooking(p, { uid: id, start: at }),
      iso(FIXED_NOW.getTime() + 1000),
    );
    await postCalcom(created);
    await postCalcom(cancelled);
    const [row] = await appointmentsOf(p.id);
    expect(row).toMatchObject({ canceled: true, sequence: 1 });
    await postCalcom(cancelled);
    await postCalcom(created);
    expect(await appointmentsOf(p.id)).toEqual([row]);
  });

  it('creates one appointment when Calendly’s delivery comes twice or again under another delivery', async () => {
    const p = await signupPatient(t.app, evergreen);
    const opts = { uuid: uid('CREP'), start: slot() };
    const body = calendlyDelivery('invitee.created', p, opts);
    await postCalendly(body);
    await postCalendly(body);
    await postCalendly(
      calendlyDelivery('invitee.created', p, { ...opts, createdAt: iso(FIXED_NOW.getTime() + 5000) }),
    );
    const list = await appointmentsOf(p.id);
    expect(list).toHaveLength(1);
    expect((await deliveriesOf(list[0]!.id)).map((d) => d.provider)).toEqual(['calendly', 'calendly']);
  });
});

describe('Cal.com bookings in the appointments', () => {
  it('writes a booking, moves it on reschedule and cancels it, with reminders following each change', async () => {
    const p = await signupPatient(t.app, evergreen);
    const first = uid('life');
    const start = slot();
    expect(
      (await postCalcom(calcomDelivery('BOOKING_CREATED', calcomBooking(p, { uid: first, start }))))
        .statusCode,
    ).toBe(200);
    const [booked] = await appointmentsOf(p.id);
    expect(booked).toMatchObject({
      physician_id: linkedPhysician,
      canceled: false,
      external_source: 'calcom',
      uuid: first,
      location: 'https://cal.video/room-1',
      event_type_kind: 'consultation',
      sequence: 0,
    });
    expect(Date.parse(booked!.start_time)).toBe(start);

    // The patient reads it like any other, and /appointment/cb finds it by the uid Cal.com passes back.
    const listed = json<Appointment[]>(
      await t.app.inject({ url: `/v2/appointments/${evergreen}/user/${p.id}`, headers: bearer(p.token) }),
    );
    expect(listed.map((a) => a.event)).toEqual([
      expect.objectContaining({ uuid: first, external_source: 'calcom', canceled: false }),
    ]);
    const planned = await remindersOf(booked!.id);
    expect(planned.map((r) => [r.kind, r.sequence, Date.parse(r.due_at)])).toEqual([
      ['day-before', 0, start - DAY],
      ['hour-before', 0, start - HOUR],
    ]);

    // Rescheduled at Cal.com: a new uid replacing the first; the same appointment moves.
    const second = uid('life');
    const later = slot();
    await postCalcom(
      calcomDelivery(
        'BOOKING_RESCHEDULED',
        calcomBooking(p, { uid: second, start: later, rescheduleUid: first }),
        iso(FIXED_NOW.getTime() + 1000),
      ),
    );
    const [moved] = await appointmentsOf(p.id);
    expect(moved).toMatchObject({ id: booked!.id, uuid: second, sequence: 1, canceled: false });
    expect(Date.parse(moved!.start_time)).toBe(later);
    const afterMove = await remindersOf(booked!.id);
    expect(afterMove.map((r) => [r.kind, r.sequence])).toEqual([
      ['day-before', 0],
      ['hour-before', 0],
      ['day-before', 1],
      ['hour-before', 1],
    ]);
    expect(await runReminder(afterMove[0]!)).toBe('skipped');
    expect(await runReminder(afterMove[2]!)).toBe('sent');

    // Cancelled at Cal.com: canceled, and the remaining reminder is skipped.
    await postCalcom(
      calcomDelivery(
        'BOOKING_CANCELLED',
        calcomBooking(p, { uid: second, start: later }),
        iso(FIXED_NOW.getTime() + 2000),
      ),
    );
    const [canceled] = await appointmentsOf(p.id);
    expect(canceled).toMatchObject({ id: booked!.id, canceled: true, sequence: 2 });
    expect(await runReminder(afterMove[3]!)).toBe('skipped');

    // Each change of the patient's appointment is audited.
    const audited = await rows<{ action: string; actor_id: string | null }>(
      t.database,
      sql`select action, actor_id from audit_log where patient_id = ${p.id} and action like 'POST /webhooks/%'`,
    );
    expect(audited).toEqual(Array(3).fill({ action: `POST ${CALCOM_WEBHOOK_URL}`, actor_id: null }));
  });

  it('finds the patient by e-mail in the organizer’s clinic, and never by another patient’s id', async () => {
    const p = await signupPatient(t.app, evergreen);
    const victim = await signupPatient(t.app, evergreen);
    const byEmail = uid('mail');
    await postCalcom(
      calcomDelivery('BOOKING_CREATED', calcomBooking(p, { uid: byEmail, start: slot(), metadata: {} })),
    );
    expect(await appointmentsOf(p.id)).toEqual([
      expect.objectContaining({ uuid: byEmail, physician_id: linkedPhysician, event_type_kind: 'follow-up' }),
    ]);

    // Another patient's id on the booking, with this patient's e-mail: it stays this patient's.
    const forged = uid('forge');
    await postCalcom(
      calcomDelivery(
        'BOOKING_CREATED',
        calcomBooking(p, {
          uid: forged,
          start: slot(),
          metadata: { patient_id: victim.id },
        }),
      ),
    );
    expect(await appointmentsOf(victim.id)).toHaveLength(0);
    expect((await appointmentsOf(p.id)).map((a) => a.uuid)).toEqual([byEmail, forged]);

    // Nobody with that e-mail in the clinic: acknowledged, nothing written.
    const stranger = { ...p, email: 'nobody-here@example.com' };
    const unmatched = await postCalcom(
      calcomDelivery(
        'BOOKING_CREATED',
        calcomBooking(stranger, { uid: uid('none'), start: slot(), metadata: {} }),
      ),
    );
    expect(unmatched.statusCode).toBe(200);
    const [{ n }] = (await rows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from appointments a join users u on u.id = a.patient_id
          where lower(u.email) = 'nobody-here@example.com'`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('keeps a clinic’s booking out of another clinic: the id on the booking must match its clinic', async () => {
    const p = await signupPatient(t.app, bluecrest);
    const id = uid('org');
    await postCalcom(
      calcomDelivery(
        'BOOKING_CREATED',
        calcomBooking(p, {
          uid: id,
          start: slot(),
          metadata: { patient_id: p.id, organization_id: p.organization },
        }),
      ),
    );
    // Its organizer is a physician of another clinic: the appointment is the patient's, without that physician.
    expect(await appointmentsOf(p.id)).toEqual([expect.objectContaining({ uuid: id, physician_id: null })]);
  });
});

describe('Calendly bookings in the appointments', () => {
  it('writes a booking, follows a reschedule to its new invitee and a cancellation', async () => {
    const p = await signupPatient(t.app, evergreen);
    const first = uid('CAL');
    const start = slot();
    await postCalendly(calendlyDelivery('invitee.created', p, { uuid: first, start }));
    const [booked] = await appointmentsOf(p.id);
    expect(booked).toMatchObject({
      physician_id: linkedPhysician,
      external_source: 'calendly',
      uuid: first,
      location: 'https://zoom.us/j/123',
      event_type_kind: 'follow-up',
      sequence: 0,
    });
    expect(await remindersOf(booked!.id)).toHaveLength(2);

    // Calendly reschedules as a cancellation (rescheduled: true) and a new invitee naming the old one.
    const second = uid('CAL');
    const later = slot();
    await postCalendly(
      calendlyDelivery('invitee.canceled', p, {
        uuid: first,
        start,
        rescheduled: true,
        createdAt: iso(FIXED_NOW.getTime() + 1000),
      }),
    );
    expect((await appointmentsOf(p.id))[0]).toMatchObject({ canceled: false, sequence: 0 });
    await postCalendly(
      calendlyDelivery('invitee.created', p, {
        uuid: second,
        start: later,
        oldUuid: first,
        createdAt: iso(FIXED_NOW.getTime() + 1000),
      }),
    );
    const [moved] = await appointmentsOf(p.id);
    expect(moved).toMatchObject({ id: booked!.id, uuid: second, sequence: 1, canceled: false });
    expect(Date.parse(moved!.start_time)).toBe(later);
    expect((await remindersOf(booked!.id)).map((r) => r.sequence)).toEqual([0, 0, 1, 1]);

    await postCalendly(
      calendlyDelivery('invitee.canceled', p, {
        uuid: second,
        start: later,
        createdAt: iso(FIXED_NOW.getTime() + 2000),
      }),
    );
    expect((await appointmentsOf(p.id))[0]).toMatchObject({ id: booked!.id, canceled: true, sequence: 2 });
    const last = (await remindersOf(booked!.id)).at(-1)!;
    expect(await runReminder(last)).toBe('skipped');
  });
});
