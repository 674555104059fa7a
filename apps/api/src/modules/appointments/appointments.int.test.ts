import type { Appointment, Availability } from '@portal/domain/contracts/appointment';
import { FIXED_NOW } from '@portal/domain/testing/fixed-clock';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  json,
  rows,
  signupPatient,
  type TestApp,
  waitForMail,
} from '../../test/harness';

let t: TestApp;
let evergreen: string;
let bluecrest: string;

type Patient = Awaited<ReturnType<typeof signupPatient>>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '100000', RATE_LIMIT_ADDRESS: '100000' });
  const org = async (domain: string) =>
    json<{ _id: string }>(await t.app.inject({ url: `/organization/search?domain=${domain}` }))._id;
  evergreen = await org('localhost');
  bluecrest = await org('127.0.0.1');
});
afterAll(() => t.close());

async function patientIn(org: string, state?: string): Promise<Patient> {
  const p = await signupPatient(t.app, org);
  if (state) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/users/${org}/${p.id}`,
      headers: bearer(p.token),
      payload: { state },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return p;
}

const availability = async (p: Patient, kind = 'user-verification', days = 14) => {
  const res = await t.app.inject({
    url: `/v2/appointments/availability?kind=${kind}&days=${days}`,
    headers: bearer(p.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<Availability>(res);
};

const book = (p: Patient, start: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/v2/appointments',
    headers: bearer(p.token),
    payload: { kind: 'user-verification', start_time: start, ...extra },
  });

describe('GET /v2/appointments/availability', () => {
  it('offers 30-minute weekday slots at least two hours ahead', async () => {
    const p = await patientIn(evergreen, 'CA');
    const a = await availability(p);
    expect(a.slot_minutes).toBe(30);
    expect(a.slots.length).toBeGreaterThan(0);
    const earliest = FIXED_NOW.getTime() + 2 * 3_600_000 - 60_000;
    for (const slot of a.slots) {
      expect(Date.parse(slot.end_time) - Date.parse(slot.start_time)).toBe(30 * 60_000);
      expect(Date.parse(slot.start_time)).toBeGreaterThan(earliest);
      expect(new Date(slot.start_time).getUTCMinutes() % 30).toBe(0);
    }
    const starts = a.slots.map((s) => s.start_time);
    expect(new Set(starts).size).toBe(starts.length);
  });

  it('refuses more than 14 days and an unknown kind', async () => {
    const p = await patientIn(evergreen);
    for (const q of ['kind=coaching&days=15', 'kind=consult&days=3', 'kind=coaching&from=tomorrow']) {
      const res = await t.app.inject({ url: `/v2/appointments/availability?${q}`, headers: bearer(p.token) });
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ url: '/v2/appointments/availability?kind=coaching' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /v2/appointments', () => {
  it('books a verification call once, notifies and e-mails the patient without health details', async () => {
    const p = await patientIn(evergreen, 'CA');
    const slot = (await availability(p)).slots[0]!;
    const res = await book(p, slot.start_time, { time_zone: 'America/New_York' });
    expect(res.statusCode, res.body).toBe(201);
    const appointment = json<Appointment>(res);
    expect(appointment.event).toMatchObject({
      name: 'Identity Verification Call',
      start_time: slot.start_time,
      end_time: slot.end_time,
      canceled: false,
    });
    expect(appointment.event_type.kind).toBe('user-verification');
    expect(appointment.physician?.name).toMatch(/\w+ \w+, (MD|DO)/);

    const [notice] = await rows<{ category: string; message: string }>(
      t.database,
      sql`select category, message from notifications where user_id = ${p.id} and category = 'appointments'`,
    );
    expect(notice?.message).toMatch(/^Your identity verification call is booked for \w+day, .+ E[SD]T\.$/);

    const mail = await waitForMail(t.outboxDir, p.email);
    expect(mail.subject).toBe('Your Evergreen Longevity appointment is booked');
    expect(mail.text).toContain(`/dashboard/${p.id}/appointments`);
    expect(mail.text).not.toMatch(/verification|identity|physician|rapamycin/i);

    // A second verification call while one is ahead is refused.
    const other = (await availability(p)).slots.find((s) => s.start_time !== slot.start_time)!;
    const again = await book(p, other.start_time);
    expect(again.statusCode).toBe(409);
    expect(json(again).text).toBe('AppointmentAlreadyBooked');
  });

  it('books a slot exactly once when two patients race for the last physician', async () => {
    // Bluecrest has one physician licensed in PA (Dr. Brooks).
    const [a, b] = await Promise.all([patientIn(bluecrest, 'PA'), patientIn(bluecrest, 'PA')]);
    const slot = (await availability(a)).slots[0]!;
    const results = await Promise.all([book(a, slot.start_time), book(b, slot.start_time)]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(json(loser)).toEqual({
      text: 'SlotTaken',
      message: 'This time was just booked by someone else. Please choose another time.',
    });
    // The taken slot is no longer offered to anyone in PA.
    const c = await patientIn(bluecrest, 'PA');
    expect((await availability(c)).slots.map((s) => s.start_time)).not.toContain(slot.start_time);
    // Other tests book the same instant with other physicians: count this race's bookings only.
    const winner = json<Appointment>(results.find((r) => r.statusCode === 201)!);
    const live = await rows<{ patient_id: string; physician_id: string }>(
      t.database,
      sql`select patient_id, physician_id from appointments
          where start_time = ${slot.start_time} and not canceled
            and (patient_id in (${a.id}, ${b.id}) or physician_id = ${winner.physician!._id})`,
    );
    expect(live).toHaveLength(1);
  });

  it('answers a double click with one booking and a 409', async () => {
    const p = await patientIn(evergreen, 'TX');
    const slot = (await availability(p)).slots[0]!;
    const [first, second] = await Promise.all([book(p, slot.start_time), book(p, slot.start_time)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const mine = await rows(t.database, sql`select id from appointments where patient_id = ${p.id}`);
    expect(mine).toHaveLength(1);
  });

  it('refuses a slot in the past or under two hours away, and a time off the grid', async () => {
    const p = await patientIn(evergreen, 'CA');
    const past = await book(p, '2020-03-02T17:00:00.000Z');
    expect(past.statusCode).toBe(400);
    expect(json(past).text).toBe('SlotInPast');
    const soon = await book(p, new Date(FIXED_NOW.getTime() + 30 * 60_000).toISOString());
    expect(json(soon).text).toBe('SlotInPast');
    const slot = (await availability(p)).slots[0]!;
    const offGrid = await book(p, new Date(Date.parse(slot.start_time) + 10 * 60_000).toISOString());
    expect(offGrid.statusCode).toBe(400);
    expect(json(offGrid).text).toBe('SlotUnavailable');
  });

  it('books coaching for the patient’s own subscription only', async () => {
    const p = await patientIn(evergreen, 'CA');
    const slot = (await availability(p, 'coaching')).slots[0]!;
    const foreign = await book(p, slot.start_time, {
      kind: 'coaching',
      subscription_id: '0123456789abcdef01234567',
    });
    expect(foreign.statusCode).toBe(404);
    const res = await book(p, slot.start_time, { kind: 'coaching' });
    expect(res.statusCode, res.body).toBe(201);
    expect(json<Appointment>(res).event.name).toBe('Coaching Session');
  });

  it('books the free consultation of the retention offer and dates it on the subscription', async () => {
    const p = await patientIn(evergreen, 'CA');
    const [product] = await rows<{ id: string }>(
      t.database,
      sql`select id from products where organization_id = ${evergreen} and pricing_type = 'recurring' limit 1`,
    );
    const subscription = json<{ _id: string }>(
      await t.app.inject({
        method: 'POST',
        url: `/v2/subscriptions/product/${product!.id}`,
        headers: bearer(p.token),
        payload: { quantity: 1 },
      }),
    )._id;
    const slot = (await availability(p, 'consultation')).slots[0]!;
    const res = await book(p, slot.start_time, { kind: 'consultation', subscription_id: subscription });
    expect(res.statusCode, res.body).toBe(201);
    expect(json<Appointment>(res)).toMatchObject({
      event: { name: 'Longevity Consultation' },
      event_type: { kind: 'consultation' },
      subscription_id: subscription,
    });
    const [row] = await rows<{ info: { free_consultation_scheduled_date?: string } }>(
      t.database,
      sql`select cancellation_info as info from subscriptions where id = ${subscription}`,
    );
    expect(row!.info.free_consultation_scheduled_date).toBe(slot.start_time);
  });
});

describe('GET /v2/appointments/{org}/user/{patient} and POST /v2/appointments/cancel', () => {
  it('lists the patient’s own appointments, filters by productVariant and cancels', async () => {
    const p = await patientIn(evergreen, 'FL');
    const slots = (await availability(p)).slots;
    const verification = json<Appointment>(await book(p, slots[0]!.start_time));
    const coaching = json<Appointment>(await book(p, slots[5]!.start_time, { kind: 'coaching' }));

    const list = async (query = '') => {
      const res = await t.app.inject({
        url: `/v2/appointments/${evergreen}/user/${p.id}${query}`,
        headers: bearer(p.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return json<Appointment[]>(res);
    };
    expect((await list()).map((a) => a._id)).toEqual([verification._id, coaching._id]);
    expect((await list('?productVariant=coaching')).map((a) => a._id)).toEqual([coaching._id]);

    const cancel = await t.app.inject({
      method: 'POST',
      url: '/v2/appointments/cancel',
      headers: bearer(p.token),
      payload: { invoiceId: verification._id },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(json<Appointment>(cancel).event.canceled).toBe(true);
    // The canceled time is open again, and a new verification call may be booked.
    expect((await availability(p)).slots.map((s) => s.start_time)).toContain(slots[0]!.start_time);
    expect((await book(p, slots[1]!.start_time)).statusCode).toBe(201);

    const again = await t.app.inject({
      method: 'POST',
      url: '/v2/appointments/cancel',
      headers: bearer(p.token),
      payload: { appointment_id: verification._id },
    });
    expect(json<Appointment>(again).event.canceled).toBe(true);
  });

  it('keeps another patient’s appointments out of reach', async () => {
    const owner = await patientIn(evergreen, 'CA');
    const intruder = await patientIn(evergreen, 'CA');
    const slot = (await availability(owner, 'coaching')).slots.at(-1)!;
    const booked = json<Appointment>(await book(owner, slot.start_time, { kind: 'coaching' }));

    const read = await t.app.inject({
      url: `/v2/appointments/${evergreen}/user/${owner.id}`,
      headers: bearer(intruder.token),
    });
    expect(read.statusCode).toBe(403);
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/v2/appointments/cancel',
      headers: bearer(intruder.token),
      payload: { appointment_id: booked._id },
    });
    expect(cancel.statusCode).toBe(404);
    const [row] = await rows<{ canceled: boolean }>(
      t.database,
      sql`select canceled from appointments where id = ${booked._id}`,
    );
    expect(row?.canceled).toBe(false);
  });

  it('refuses a cancel that names no appointment', async () => {
    const p = await patientIn(evergreen);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/appointments/cancel',
      headers: bearer(p.token),
      payload: {},
    });
    expect(res.statusCode).toBe(400);
  });
});
