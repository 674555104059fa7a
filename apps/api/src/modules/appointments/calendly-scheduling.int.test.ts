import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Appointment, Availability, Physician } from '@portal/domain/contracts/appointment';
import { FIXED_NOW } from '@portal/domain/testing/fixed-clock';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, logInAs, rows, signupPatient, type TestApp } from '../../test/harness';
import { CALENDLY_WEBHOOK_URL } from './scheduling-webhooks.routes';

const SIGNING_KEY = 'calendly-signing-key-for-tests-0123456789';
const TOKEN = 'calendly-personal-access-token-0123456789';
const HOUR = 3_600_000;
const LINKS =
  'user-verification:https://calendly.com/evergreen/verification,coaching:https://calendly.com/evergreen/coaching?hide_gdpr_banner=1';

type Seen = { url: string; authorization: unknown; body: unknown };

/**
 * A stand-in for Calendly's API v2 (which the tests cannot reach), answering the one call the portal makes as
 * Calendly does: POST /scheduled_events/{uuid}/cancellation with the bearer token, 201 with the cancellation.
 * An event named REFUSED is refused (403, as Calendly answers for an event it will not cancel), DOWN fails
 * (500), and a wrong token is 401.
 */
async function fakeCalendly(): Promise<{ server: FastifyInstance; url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = Fastify({ logger: false });
  server.post('/scheduled_events/:uuid/cancellation', async (request, reply) => {
    const { uuid } = request.params as { uuid: string };
    seen.push({ url: request.url, authorization: request.headers.authorization, body: request.body });
    if (request.headers.authorization !== `Bearer ${TOKEN}`)
      return reply.code(401).send({ title: 'Unauthenticated', message: 'The access token is invalid' });
    if (uuid.startsWith('REFUSED'))
      return reply.code(403).send({ title: 'Permission Denied', message: 'Event in the past' });
    if (uuid.startsWith('DOWN'))
      return reply.code(500).send({ title: 'Internal Server Error', message: 'Try again' });
    const { reason } = request.body as { reason?: string };
    return reply.code(201).send({
      resource: {
        canceled_by: 'Evergreen Longevity',
        reason: reason ?? null,
        canceler_type: 'host',
        created_at: new Date(FIXED_NOW).toISOString(),
      },
    });
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, seen };
}

let t: TestApp;
let calendly: Awaited<ReturnType<typeof fakeCalendly>>;
let evergreen: string;
let care: string;

beforeAll(async () => {
  calendly = await fakeCalendly();
  t = await createTestApp({
    SCHEDULING_PROVIDER: 'calendly',
    CALENDLY_WEBHOOK_SIGNING_KEY: SIGNING_KEY,
    CALENDLY_EVENT_LINKS: LINKS,
    CALENDLY_API_TOKEN: TOKEN,
    CALENDLY_API_URL: calendly.url,
    RATE_LIMIT_ACCOUNT: '100000',
    RATE_LIMIT_ADDRESS: '100000',
  });
  evergreen = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  care = await logInAs(t.app, 'care@evergreen.test', evergreen);
}, 60_000);
afterAll(async () => {
  await t.close();
  await calendly.server.close();
});

let counter = 0;
/** Calendly's invitee.created for the patient, as its webhook sends it, with the link's tracking handed back. */
function inviteeCreated(
  email: string,
  tracking: Record<string, string>,
  over: { event?: string; start?: number } = {},
) {
  counter += 1;
  const event = over.event ?? `EV${counter}`;
  const invitee = `INV${counter}`;
  const start = over.start ?? FIXED_NOW.getTime() + (48 + counter) * HOUR;
  return {
    invitee,
    event,
    delivery: {
      event: 'invitee.created',
      created_at: new Date(FIXED_NOW).toISOString(),
      payload: {
        uri: `https://api.calendly.com/scheduled_events/${event}/invitees/${invitee}`,
        event: `https://api.calendly.com/scheduled_events/${event}`,
        email,
        name: 'Pat Calendly',
        timezone: 'America/Chicago',
        status: 'active',
        rescheduled: false,
        old_invitee: null,
        cancel_url: `https://calendly.com/cancellations/${invitee}`,
        reschedule_url: `https://calendly.com/reschedulings/${invitee}`,
        scheduled_event: {
          uri: `https://api.calendly.com/scheduled_events/${event}`,
          name: 'Coaching Session',
          start_time: new Date(start).toISOString(),
          end_time: new Date(start + 30 * 60_000).toISOString(),
          location: { type: 'zoom', join_url: 'https://zoom.example/j/1' },
          event_memberships: [{ user_email: 'coach@calendly.example' }],
        },
        tracking: { utm_source: null, utm_medium: null, salesforce_uuid: null, ...tracking },
      },
    },
  };
}

async function deliver(delivery: unknown) {
  const body = JSON.stringify(delivery);
  const at = Math.floor(FIXED_NOW.getTime() / 1000);
  const res = await t.app.inject({
    method: 'POST',
    url: CALENDLY_WEBHOOK_URL,
    headers: {
      'content-type': 'application/json',
      'calendly-webhook-signature': `t=${at},v1=${createHmac('sha256', SIGNING_KEY).update(`${at}.${body}`).digest('hex')}`,
    },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function appointmentsOf(p: { id: string; token: string }) {
  return json<Appointment[]>(
    await t.app.inject({ url: `/v2/appointments/${evergreen}/user/${p.id}`, headers: bearer(p.token) }),
  );
}

async function subscribe(p: { token: string }): Promise<string> {
  const [product] = await rows<{ id: string }>(
    t.database,
    sql`select id from products where organization_id = ${evergreen} and pricing_type = 'recurring' limit 1`,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/v2/subscriptions/product/${product!.id}`,
    headers: bearer(p.token),
    payload: { quantity: 1 },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return json<{ _id: string }>(res)._id;
}

describe('every kind of call on the clinic’s Calendly pages', () => {
  it('answers the kind’s page prefilled and tagged instead of portal times, and books nothing itself', async () => {
    const p = await signupPatient(t.app, evergreen, { first_name: 'Ana', last_name: 'Lee' });
    const res = await t.app.inject({
      url: '/v2/appointments/availability?kind=user-verification',
      headers: bearer(p.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const availability = json<Availability>(res);
    expect(availability.slots).toEqual([]);
    const link = new URL(availability.booking_link!);
    expect(link.origin + link.pathname).toBe('https://calendly.com/evergreen/verification');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      name: 'Ana Lee',
      email: p.email,
      utm_content: p.id,
      utm_term: 'user-verification',
      utm_campaign: 'user-verification',
    });

    // A subscription's coaching: the subscription rides in utm_term, the page keeps its own parameters.
    const subscription = await subscribe(p);
    const coaching = json<Availability>(
      await t.app.inject({
        url: `/v2/appointments/availability?kind=coaching&subscription_id=${subscription}`,
        headers: bearer(p.token),
      }),
    );
    expect(Object.fromEntries(new URL(coaching.booking_link!).searchParams)).toMatchObject({
      hide_gdpr_banner: '1',
      utm_term: subscription,
      utm_campaign: 'coaching',
    });
    const other = await signupPatient(t.app, evergreen);
    const notTheirs = await t.app.inject({
      url: `/v2/appointments/availability?kind=coaching&subscription_id=${subscription}`,
      headers: bearer(other.token),
    });
    expect(notTheirs.statusCode).toBe(404);

    // A kind without a page is refused in words, not offered the portal's own times.
    const consultation = await t.app.inject({
      url: '/v2/appointments/availability?kind=consultation',
      headers: bearer(p.token),
    });
    expect(consultation.statusCode).toBe(400);
    expect(consultation.json()).toMatchObject({ text: 'SlotUnavailable' });

    const book = await t.app.inject({
      method: 'POST',
      url: '/v2/appointments',
      headers: bearer(p.token),
      payload: { kind: 'coaching', start_time: new Date(FIXED_NOW.getTime() + 30 * HOUR).toISOString() },
    });
    expect(book.statusCode).toBe(400);
    expect(book.json()).toMatchObject({
      text: 'BookOnSchedulerPage',
      message: 'This call is booked on the clinic’s booking page. Please open it from the booking screen.',
    });
    expect(await appointmentsOf(p)).toEqual([]);
  });

  it('writes the booking the page made with its kind, subscription, event and reschedule page', async () => {
    const p = await signupPatient(t.app, evergreen);
    const subscription = await subscribe(p);
    const { invitee, delivery } = inviteeCreated(p.email, {
      utm_content: p.id,
      utm_term: subscription,
      utm_campaign: 'coaching',
    });
    await deliver(delivery);
    const [appointment] = await appointmentsOf(p);
    expect(appointment).toMatchObject({
      event: { external_source: 'calendly', uuid: invitee, canceled: false },
      event_type: { kind: 'coaching' },
      subscription_id: subscription,
      reschedule_url: `https://calendly.com/reschedulings/${invitee}`,
    });

    // Calendly moves it on its own page: the portal's reschedule call says so instead of moving it here only.
    const move = await t.app.inject({
      method: 'POST',
      url: `/v2/appointments/${appointment!._id}/reschedule`,
      headers: bearer(p.token),
      payload: { start_time: new Date(FIXED_NOW.getTime() + 100 * HOUR).toISOString() },
    });
    expect(move.statusCode).toBe(400);
    expect(move.json()).toMatchObject({ text: 'RescheduleOnSchedulerPage' });

    // The verification page tags the kind twice (no subscription); a consultation's page dates the offer.
    const q = await signupPatient(t.app, evergreen);
    await deliver(
      inviteeCreated(q.email, {
        utm_content: q.id,
        utm_term: 'user-verification',
        utm_campaign: 'user-verification',
      }).delivery,
    );
    expect((await appointmentsOf(q)).map((a) => [a.event_type.kind, a.subscription_id])).toEqual([
      ['user-verification', null],
    ]);
    const retained = await subscribe(q);
    const start = FIXED_NOW.getTime() + 200 * HOUR;
    await deliver(
      inviteeCreated(
        q.email,
        { utm_content: q.id, utm_term: retained, utm_campaign: 'consultation' },
        { start },
      ).delivery,
    );
    const [row] = await rows<{ info: { free_consultation_scheduled_date?: string } }>(
      t.database,
      sql`select cancellation_info as info from subscriptions where id = ${retained}`,
    );
    expect(row!.info.free_consultation_scheduled_date).toBe(new Date(start).toISOString());
  });

  it('cancels at Calendly first, with the reason, and keeps the record when Calendly refuses or fails', async () => {
    const p = await signupPatient(t.app, evergreen);
    const tags = { utm_content: p.id, utm_term: 'coaching', utm_campaign: 'coaching' };
    const mine = inviteeCreated(p.email, tags);
    const refused = inviteeCreated(p.email, tags, { event: `REFUSED${counter + 1}` });
    const down = inviteeCreated(p.email, tags, { event: `DOWN${counter + 1}` });
    for (const d of [mine, refused, down]) await deliver(d.delivery);
    const byInvitee = new Map((await appointmentsOf(p)).map((a) => [a.event.uuid, a]));

    const cancel = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v2/appointments/cancel',
        headers: bearer(p.token),
        payload: { appointment_id: id },
      });
    const done = await cancel(byInvitee.get(mine.invitee)!._id);
    expect(done.statusCode, done.body).toBe(200);
    expect(json<Appointment>(done).event.canceled).toBe(true);
    expect(calendly.seen.find((s) => s.url === `/scheduled_events/${mine.event}/cancellation`)).toEqual({
      url: `/scheduled_events/${mine.event}/cancellation`,
      authorization: `Bearer ${TOKEN}`,
      body: { reason: 'Canceled in the patient portal' },
    });
    // Calendly's own invitee.canceled that follows changes nothing more.
    await deliver({
      event: 'invitee.canceled',
      created_at: new Date(FIXED_NOW.getTime() + 1000).toISOString(),
      payload: { ...mine.delivery.payload, status: 'canceled' },
    });

    for (const d of [refused, down]) {
      const res = await cancel(byInvitee.get(d.invitee)!._id);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ text: 'SchedulerUnavailable' });
    }
    const after = new Map((await appointmentsOf(p)).map((a) => [a.event.uuid, a]));
    expect(after.get(mine.invitee)).toMatchObject({ event: { canceled: true }, sequence: 1 });
    expect(after.get(refused.invitee)).toMatchObject({ event: { canceled: false }, sequence: 0 });
    expect(after.get(down.invitee)).toMatchObject({ event: { canceled: false }, sequence: 0 });
  });

  it('cancels at Calendly with the clinic’s message when the clinic cancels', async () => {
    const p = await signupPatient(t.app, evergreen);
    const booked = inviteeCreated(p.email, {
      utm_content: p.id,
      utm_term: 'coaching',
      utm_campaign: 'coaching',
    });
    await deliver(booked.delivery);
    const [appointment] = await appointmentsOf(p);
    const res = await t.app.inject({
      method: 'POST',
      url: `/care/${evergreen}/appointments/${appointment!._id}/cancel`,
      headers: bearer(care),
      payload: { message: 'Your coach is away that week; please book another time.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      calendly.seen.find((s) => s.url === `/scheduled_events/${booked.event}/cancellation`)?.body,
    ).toEqual({
      reason: 'Your coach is away that week; please book another time.',
    });
  });

  it('opens a physician’s own Calendly page, and books one without a page on the portal’s calendar', async () => {
    const p = await signupPatient(t.app, evergreen, { first_name: 'Ana', last_name: 'Lee' });
    await t.app.inject({
      method: 'PUT',
      url: `/users/${evergreen}/${p.id}`,
      headers: bearer(p.token),
      payload: { state: 'CA' },
    });
    const licensed = await rows<{ id: string }>(
      t.database,
      sql`select p.id from physicians p join physician_states s on s.physician_id = p.id
          where p.organization_id = ${evergreen} and s.state = 'CA' and p.active and p.is_provider
          order by p.id`,
    );
    const withPage = licensed[0]!.id;
    await rows(
      t.database,
      sql`update physicians set scheduling_link = 'https://calendly.com/dr-example/visit' where id = ${withPage}`,
    );
    try {
      const list = json<Physician[]>(
        await t.app.inject({ url: `/physician/${evergreen}/state/CA`, headers: bearer(p.token) }),
      );
      const providerLink = new URL(list.find((x) => x._id === withPage)!.scheduling_link!);
      expect(Object.fromEntries(providerLink.searchParams)).toEqual({
        name: 'Ana Lee',
        email: p.email,
        utm_content: p.id,
        utm_term: withPage,
      });
      const own = json<Availability>(
        await t.app.inject({
          url: `/v2/appointments/availability?kind=consultation&physician_id=${withPage}`,
          headers: bearer(p.token),
        }),
      );
      expect(own.booking_link).toBe(providerLink.toString());
      expect(own.slots).toEqual([]);
      const other = licensed.find((x) => x.id !== withPage);
      if (other) {
        const portal = json<Availability>(
          await t.app.inject({
            url: `/v2/appointments/availability?kind=consultation&physician_id=${other.id}`,
            headers: bearer(p.token),
          }),
        );
        expect(portal.booking_link).toBeUndefined();
        expect(portal.slot_minutes).toBeGreaterThan(0);
      }
    } finally {
      await rows(t.database, sql`update physicians set scheduling_link = null where id = ${withPage}`);
    }
  });
});

describe('Calendly without an API token', () => {
  it('cancels only the portal’s record, as the README says', async () => {
    const local = await createTestApp({
      SCHEDULING_PROVIDER: 'calendly',
      CALENDLY_WEBHOOK_SIGNING_KEY: SIGNING_KEY,
      CALENDLY_EVENT_LINKS: LINKS,
      CALENDLY_API_URL: calendly.url,
    });
    try {
      const org = json<{ _id: string }>(
        await local.app.inject({ url: '/organization/search?domain=localhost' }),
      )._id;
      const p = await signupPatient(local.app, org);
      const booked = inviteeCreated(p.email, { utm_content: p.id, utm_campaign: 'coaching' });
      const body = JSON.stringify(booked.delivery);
      const at = Math.floor(FIXED_NOW.getTime() / 1000);
      const hook = await local.app.inject({
        method: 'POST',
        url: CALENDLY_WEBHOOK_URL,
        headers: {
          'content-type': 'application/json',
          'calendly-webhook-signature': `t=${at},v1=${createHmac('sha256', SIGNING_KEY).update(`${at}.${body}`).digest('hex')}`,
        },
        payload: body,
      });
      expect(hook.statusCode, hook.body).toBe(200);
      const [appointment] = json<Appointment[]>(
        await local.app.inject({ url: `/v2/appointments/${org}/user/${p.id}`, headers: bearer(p.token) }),
      );
      const res = await local.app.inject({
        method: 'POST',
        url: '/v2/appointments/cancel',
        headers: bearer(p.token),
        payload: { appointment_id: appointment!._id },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(json<Appointment>(res).event.canceled).toBe(true);
      expect(calendly.seen.some((s) => s.url.includes(booked.event))).toBe(false);
    } finally {
      await local.close();
    }
  });
});
