import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Appointment, Availability } from '@portal/domain/contracts/appointment';
import { FIXED_NOW } from '@portal/domain/testing/fixed-clock';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';
import { CALCOM_WEBHOOK_URL } from './scheduling-webhooks.routes';

const API_KEY = 'cal_test_portal_0123456789';
const SECRET = 'calcom-webhook-secret-for-tests';
const HOUR = 3_600_000;

type SeenRequest = { method: string; url: string; headers: Record<string, unknown>; body: unknown };

/**
 * A stand-in for Cal.com's API v2 (the outside service the tests cannot reach), answering the two calls the
 * portal makes in Cal.com's shapes: GET /v2/slots (cal-api-version 2024-09-04, format=range) and POST
 * /v2/bookings (cal-api-version 2024-08-13). It refuses a wrong key or version as Cal.com does, and a slot
 * booked once is taken.
 */
async function fakeCalcom(): Promise<{ server: FastifyInstance; url: string; seen: SeenRequest[] }> {
  const seen: SeenRequest[] = [];
  const server = Fastify({ logger: false });
  const open = [26, 27, 28, 29].map((h) => FIXED_NOW.getTime() + h * HOUR);
  // The medical director's own coaching event type (a managed event type's child: same slug, their username).
  const directorsOwn = [30, 31].map((h) => FIXED_NOW.getTime() + h * HOUR);
  const isDirectors = (q: Record<string, unknown>) =>
    q.eventTypeSlug === 'coaching' && q.username === 'medical-director' && q.organizationSlug === 'evergreen';
  const booked = new Set<number>();
  server.addHook('onRequest', async (request, reply) => {
    seen.push({ method: request.method, url: request.url, headers: request.headers, body: undefined });
    if (request.headers.authorization !== `Bearer ${API_KEY}`)
      return reply
        .code(401)
        .send({ status: 'error', error: { code: 'UNAUTHORIZED', message: 'Invalid API key' } });
  });
  server.get('/v2/slots', async (request, reply) => {
    const q = request.query as Record<string, string>;
    const byId = q.eventTypeId === '201' && !q.username;
    if (
      request.headers['cal-api-version'] !== '2024-09-04' ||
      !(byId || isDirectors(q)) ||
      !q.start ||
      !q.end
    )
      return reply.code(400).send({ status: 'error', error: { code: 'BAD_REQUEST', message: 'bad query' } });
    const data: Record<string, { start: string; end: string }[]> = {};
    for (const start of (byId ? open : directorsOwn).filter((s) => !booked.has(s))) {
      const day = new Date(start).toISOString().slice(0, 10);
      data[day] = [
        ...(data[day] ?? []),
        { start: new Date(start).toISOString(), end: new Date(start + 30 * 60_000).toISOString() },
      ];
    }
    return { status: 'success', data };
  });
  server.post('/v2/bookings', async (request, reply) => {
    const body = request.body as {
      start: string;
      eventTypeId?: number;
      eventTypeSlug?: string;
      username?: string;
      organizationSlug?: string;
      attendee: { name: string; email: string; timeZone: string };
      metadata: Record<string, string>;
    };
    seen.at(-1)!.body = body;
    const start = Date.parse(body.start);
    const byId = body.eventTypeId === 201 && !body.username;
    if (request.headers['cal-api-version'] !== '2024-08-13' || !(byId || isDirectors(body)))
      return reply
        .code(400)
        .send({ status: 'error', error: { code: 'BAD_REQUEST', message: 'bad booking' } });
    if (!(byId ? open : directorsOwn).includes(start) || booked.has(start))
      return reply
        .code(400)
        .send({ status: 'error', error: { code: 'BAD_REQUEST', message: 'no_available_users_found_error' } });
    booked.add(start);
    return reply.code(201).send(bookingAnswer(`calbook${start}`, start, body.attendee, body.metadata));
  });
  server.post('/v2/bookings/:uid/reschedule', async (request, reply) => {
    const { uid } = request.params as { uid: string };
    const body = request.body as { start: string };
    seen.at(-1)!.body = body;
    const start = Date.parse(body.start);
    if (request.headers['cal-api-version'] !== '2024-08-13' || !uid.startsWith('calbook'))
      return reply.code(404).send({ status: 'error', error: { code: 'NOT_FOUND', message: 'no booking' } });
    if (!open.includes(start) || booked.has(start))
      return reply.code(400).send({ status: 'error', error: { code: 'BAD_REQUEST', message: 'slot taken' } });
    booked.delete(Number(uid.slice('calbook'.length)));
    booked.add(start);
    return reply.code(201).send(bookingAnswer(`calbook${start}`, start, undefined, {}));
  });
  server.post('/v2/bookings/:uid/cancel', async (request, reply) => {
    const { uid } = request.params as { uid: string };
    seen.at(-1)!.body = request.body;
    if (request.headers['cal-api-version'] !== '2024-08-13' || !uid.startsWith('calbook'))
      return reply.code(404).send({ status: 'error', error: { code: 'NOT_FOUND', message: 'no booking' } });
    booked.delete(Number(uid.slice('calbook'.length)));
    return { status: 'success', data: { uid, status: 'cancelled' } };
  });
  function bookingAnswer(
    uid: string,
    start: number,
    attendee: Record<string, string> | undefined,
    metadata: Record<string, string>,
  ) {
    return {
      status: 'success',
      data: {
        id: 9001,
        uid,
        title: 'Coaching Session between Coach and Pat',
        status: 'accepted',
        start: new Date(start).toISOString(),
        end: new Date(start + 30 * 60_000).toISOString(),
        duration: 30,
        eventTypeId: 201,
        attendees: attendee ? [{ ...attendee, language: 'en', absent: false }] : [],
        hosts: [
          {
            id: 7,
            name: 'Medical Director',
            email: 'physician@evergreen.test',
            timeZone: 'America/Los_Angeles',
          },
        ],
        location: 'https://cal.video/abc',
        meetingUrl: 'https://cal.video/abc',
        metadata,
        createdAt: new Date(FIXED_NOW).toISOString(),
      },
    };
  }
  await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, seen };
}

let t: TestApp;
let cal: Awaited<ReturnType<typeof fakeCalcom>>;
let evergreen: string;

beforeAll(async () => {
  cal = await fakeCalcom();
  t = await createTestApp({
    SCHEDULING_PROVIDER: 'calcom',
    CALCOM_API_KEY: API_KEY,
    CALCOM_API_URL: cal.url,
    CALCOM_WEBHOOK_SECRET: SECRET,
    CALCOM_EVENT_TYPES: 'coaching:201:coaching',
    CALCOM_USERNAMES: 'physician@evergreen.test:medical-director',
    CALCOM_ORGANIZATION_SLUG: 'evergreen',
    RATE_LIMIT_ACCOUNT: '100000',
    RATE_LIMIT_ADDRESS: '100000',
  });
  evergreen = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
}, 60_000);
afterAll(async () => {
  await t.close();
  await cal.server.close();
});

async function signedCalcom(delivery: unknown) {
  const body = JSON.stringify(delivery);
  const res = await t.app.inject({
    method: 'POST',
    url: CALCOM_WEBHOOK_URL,
    headers: {
      'content-type': 'application/json',
      'x-cal-signature-256': createHmac('sha256', SECRET).update(body).digest('hex'),
    },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('booking through Cal.com', () => {
  it('offers Cal.com’s open times and books one into the appointments, which its webhook does not double', async () => {
    const p = await signupPatient(t.app, evergreen, { first_name: 'Pat', last_name: 'Calcom' });
    const res = await t.app.inject({
      url: '/v2/appointments/availability?kind=coaching&days=3',
      headers: bearer(p.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const availability = json<Availability>(res);
    expect(availability.slot_minutes).toBe(30);
    expect(availability.slots.map((s) => Date.parse(s.start_time))).toEqual(
      [26, 27, 28, 29].map((h) => FIXED_NOW.getTime() + h * HOUR),
    );
    const slotsCall = cal.seen.find((r) => r.url.startsWith('/v2/slots'))!;
    expect(slotsCall.headers['cal-api-version']).toBe('2024-09-04');
    expect(new URL(slotsCall.url, cal.url).searchParams.get('format')).toBe('range');

    const chosen = availability.slots[0]!.start_time;
    const booked = await t.app.inject({
      method: 'POST',
      url: '/v2/appointments',
      headers: bearer(p.token),
      payload: { kind: 'coaching', start_time: chosen, time_zone: 'America/New_York' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const appointment = json<Appointment>(booked);
    expect(appointment.event).toMatchObject({
      name: 'Coaching Session',
      external_source: 'calcom',
      uuid: `calbook${Date.parse(chosen)}`,
      location: 'https://cal.video/abc',
      canceled: false,
    });
    expect(appointment.event_type.kind).toBe('coaching');
    expect(appointment.physician?.name).toBeTruthy();
    const bookingCall = cal.seen.find((r) => r.method === 'POST')!;
    expect(bookingCall.headers['cal-api-version']).toBe('2024-08-13');
    expect(bookingCall.body).toEqual({
      start: new Date(chosen).toISOString(),
      eventTypeId: 201,
      attendee: { name: 'Pat Calcom', email: p.email, timeZone: 'America/New_York' },
      metadata: { patient_id: p.id, organization_id: evergreen, kind: 'coaching' },
    });
    const reminders = await rows(
      t.database,
      sql`select kind from appointment_reminders where appointment_id = ${appointment._id}`,
    );
    expect(reminders).toHaveLength(2);

    // Cal.com's BOOKING_CREATED for the same booking arrives after: still one appointment.
    const delivery = JSON.stringify({
      triggerEvent: 'BOOKING_CREATED',
      createdAt: new Date(FIXED_NOW).toISOString(),
      payload: {
        uid: appointment.event.uuid,
        startTime: appointment.event.start_time,
        endTime: appointment.event.end_time,
        attendees: [{ email: p.email, timeZone: 'America/New_York' }],
        organizer: { email: 'physician@evergreen.test' },
        metadata: { patient_id: p.id, organization_id: evergreen, kind: 'coaching' },
      },
    });
    const hook = await t.app.inject({
      method: 'POST',
      url: CALCOM_WEBHOOK_URL,
      headers: {
        'content-type': 'application/json',
        'x-cal-signature-256': createHmac('sha256', SECRET).update(delivery).digest('hex'),
      },
      payload: delivery,
    });
    expect(hook.statusCode).toBe(200);
    const list = json<Appointment[]>(
      await t.app.inject({ url: `/v2/appointments/${evergreen}/user/${p.id}`, headers: bearer(p.token) }),
    );
    expect(list.map((a) => a._id)).toEqual([appointment._id]);

    // The same time again: Cal.com refuses it, the patient hears it was taken.
    const again = await t.app.inject({
      method: 'POST',
      url: '/v2/appointments',
      headers: bearer(p.token),
      payload: { kind: 'coaching', start_time: chosen },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ text: 'SlotTaken' });
  });

  it('moves and cancels a Cal.com booking at Cal.com, and the webhooks that follow change nothing more', async () => {
    const p = await signupPatient(t.app, evergreen);
    const first = FIXED_NOW.getTime() + 28 * HOUR;
    const booked = json<Appointment>(
      await t.app.inject({
        method: 'POST',
        url: '/v2/appointments',
        headers: bearer(p.token),
        payload: { kind: 'coaching', start_time: new Date(first).toISOString() },
      }),
    );
    const later = FIXED_NOW.getTime() + 29 * HOUR;
    const moved = await t.app.inject({
      method: 'POST',
      url: `/v2/appointments/${booked._id}/reschedule`,
      headers: bearer(p.token),
      payload: { start_time: new Date(later).toISOString() },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(json<Appointment>(moved)).toMatchObject({
      _id: booked._id,
      sequence: 1,
      event: { uuid: `calbook${later}`, start_time: new Date(later).toISOString(), canceled: false },
    });
    const rescheduleCall = cal.seen.find((r) => r.url === `/v2/bookings/calbook${first}/reschedule`)!;
    expect(rescheduleCall.body).toEqual({ start: new Date(later).toISOString() });

    // Cal.com's own notice of the move, after the portal has moved it: nothing more moves.
    await signedCalcom({
      triggerEvent: 'BOOKING_RESCHEDULED',
      createdAt: new Date(FIXED_NOW).toISOString(),
      payload: {
        uid: `calbook${later}`,
        rescheduleUid: `calbook${first}`,
        startTime: new Date(later).toISOString(),
        endTime: new Date(later + 30 * 60_000).toISOString(),
        attendees: [{ email: p.email }],
      },
    });
    const canceled = await t.app.inject({
      method: 'POST',
      url: '/v2/appointments/cancel',
      headers: bearer(p.token),
      payload: { appointment_id: booked._id },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(json<Appointment>(canceled)).toMatchObject({ sequence: 2, event: { canceled: true } });
    expect(cal.seen.some((r) => r.url === `/v2/bookings/calbook${later}/cancel`)).toBe(true);
    await signedCalcom({
      triggerEvent: 'BOOKING_CANCELLED',
      createdAt: new Date(FIXED_NOW).toISOString(),
      payload: {
        uid: `calbook${later}`,
        startTime: new Date(later).toISOString(),
        endTime: new Date(later + 30 * 60_000).toISOString(),
      },
    });
    const list = json<Appointment[]>(
      await t.app.inject({ url: `/v2/appointments/${evergreen}/user/${p.id}`, headers: bearer(p.token) }),
    );
    expect(list.map((a) => [a._id, a.sequence, a.event.canceled])).toEqual([[booked._id, 2, true]]);
  });

  it('asks Cal.com for one physician’s own times and books them with that physician', async () => {
    const p = await signupPatient(t.app, evergreen);
    // The medical director (whose staff e-mail CALCOM_USERNAMES maps) is shown as a provider for this test.
    const [director] = await rows<{ id: string }>(
      t.database,
      sql`update physicians set is_provider = true
          where user_id = (select id from users where email = 'physician@evergreen.test') returning id`,
    );
    const [unmapped] = await rows<{ id: string }>(
      t.database,
      sql`select p.id from physicians p left join users u on u.id = p.user_id
          where p.organization_id = ${evergreen} and p.active and p.is_provider
            and coalesce(u.email, '') <> 'physician@evergreen.test'
          limit 1`,
    );
    const res = await t.app.inject({
      url: `/v2/appointments/availability?kind=coaching&days=3&physician_id=${director!.id}`,
      headers: bearer(p.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const slots = json<Availability>(res).slots.map((s) => Date.parse(s.start_time));
    expect(slots).toEqual([30, 31].map((h) => FIXED_NOW.getTime() + h * HOUR));
    const asked = new URL(cal.seen.findLast((r) => r.url.startsWith('/v2/slots'))!.url, cal.url).searchParams;
    expect(asked.get('eventTypeSlug')).toBe('coaching');
    expect(asked.get('username')).toBe('medical-director');
    expect(asked.get('organizationSlug')).toBe('evergreen');
    expect(asked.has('eventTypeId')).toBe(false);

    const booked = await t.app.inject({
      method: 'POST',
      url: '/v2/appointments',
      headers: bearer(p.token),
      payload: {
        kind: 'coaching',
        start_time: new Date(slots[0]!).toISOString(),
        physician_id: director!.id,
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(json<Appointment>(booked).physician?._id).toBe(director!.id);
    expect(cal.seen.findLast((r) => r.method === 'POST' && r.url === '/v2/bookings')!.body).toMatchObject({
      eventTypeSlug: 'coaching',
      username: 'medical-director',
      organizationSlug: 'evergreen',
      metadata: { physician_id: director!.id, kind: 'coaching' },
    });

    // A physician Cal.com cannot be asked for alone is refused in words, not offered anyone's times.
    if (unmapped) {
      const refused = await t.app.inject({
        url: `/v2/appointments/availability?kind=coaching&physician_id=${unmapped.id}`,
        headers: bearer(p.token),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        text: 'SlotUnavailable',
        message: 'This physician’s times cannot be booked here. Please message us to book with them.',
      });
    }
    const nobody = await t.app.inject({
      url: '/v2/appointments/availability?kind=coaching&physician_id=0123456789abcdef01234567',
      headers: bearer(p.token),
    });
    expect(nobody.statusCode).toBe(404);
  });

  it('answers a kind Cal.com has no event type for with 400, and Cal.com unreachable with 503', async () => {
    const p = await signupPatient(t.app, evergreen);
    const none = await t.app.inject({
      url: '/v2/appointments/availability?kind=consultation',
      headers: bearer(p.token),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ text: 'SlotUnavailable' });

    const down = await createTestApp({
      SCHEDULING_PROVIDER: 'calcom',
      CALCOM_API_KEY: API_KEY,
      // Nothing listens on port 9 (discard) of the loopback address.
      CALCOM_API_URL: 'http://127.0.0.1:9',
      CALCOM_WEBHOOK_SECRET: SECRET,
      CALCOM_EVENT_TYPES: 'coaching:201',
    });
    try {
      const org = json<{ _id: string }>(
        await down.app.inject({ url: '/organization/search?domain=localhost' }),
      )._id;
      const q = await signupPatient(down.app, org);
      const res = await down.app.inject({
        url: '/v2/appointments/availability?kind=coaching',
        headers: bearer(q.token),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ text: 'SchedulerUnavailable' });
    } finally {
      await down.close();
    }
  });
});
