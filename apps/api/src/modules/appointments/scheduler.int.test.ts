import type {
  Appointment,
  Availability,
  CareSchedule,
  Physician,
  PhysicianAvailability,
} from '@portal/domain/contracts/appointment';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, logInAs, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let evergreen: string;
let bluecrest: string;
let care: string;
let otherCare: string;

type Patient = Awaited<ReturnType<typeof signupPatient>>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '100000', RATE_LIMIT_ADDRESS: '100000' });
  const org = async (domain: string) =>
    json<{ _id: string }>(await t.app.inject({ url: `/organization/search?domain=${domain}` }))._id;
  evergreen = await org('localhost');
  bluecrest = await org('127.0.0.1');
  care = await logInAs(t.app, 'care@evergreen.test', evergreen);
  otherCare = await logInAs(t.app, 'care@bluecrest.test', bluecrest);
}, 60_000);
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

async function physicianId(org: string, lastName: string): Promise<string> {
  const [row] = await rows<{ id: string }>(
    t.database,
    sql`select id from physicians where organization_id = ${org} and last_name = ${lastName}`,
  );
  return row!.id;
}

const availability = async (p: Patient, query: string) => {
  const res = await t.app.inject({ url: `/v2/appointments/availability?${query}`, headers: bearer(p.token) });
  expect(res.statusCode, res.body).toBe(200);
  return json<Availability>(res);
};

const book = (p: Patient, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/v2/appointments', headers: bearer(p.token), payload });

describe('GET /physician/{org}/state/{stateId} and /physician/{org}/physician/{id}/states', () => {
  it('lists the clinic’s physicians licensed in the state with 001 §3’s fields', async () => {
    const p = await patientIn(evergreen, 'NJ');
    const res = await t.app.inject({ url: `/physician/${evergreen}/state/nj`, headers: bearer(p.token) });
    expect(res.statusCode, res.body).toBe(200);
    const list = json<Physician[]>(res);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((d) => d.states.includes('NJ'))).toBe(true);
    const raman = list.find((d) => d.last_name === 'Raman');
    expect(raman).toMatchObject({
      first_name: 'Priya',
      last_name: 'Raman',
      name: 'Priya Raman, MD',
      npi_num: '1357924681',
      states: ['CA', 'CT', 'FL', 'MA', 'NJ', 'NY'],
      is_provider: true,
    });
    expect(raman!.profile_img.url).toMatch(/raman/);
    expect(raman!.bio.bio_description).toMatch(/endocrinologist/);

    const ca = json<Physician[]>(
      await t.app.inject({ url: `/physician/${evergreen}/state/CA`, headers: bearer(p.token) }),
    );
    expect(ca.map((d) => d.last_name)).toEqual(
      expect.arrayContaining(['Okafor', 'Raman', 'Reyes', 'Whitfield']),
    );
    expect(ca.map((d) => d.last_name)).toEqual([...ca.map((d) => d.last_name)].sort());
    expect(ca.every((d) => d.states.includes('CA'))).toBe(true);
  });

  it('is_provider=true leaves out a physician not shown as a provider', async () => {
    const p = await patientIn(bluecrest, 'NM');
    await rows(t.database, sql`update physicians set is_provider = false where last_name = 'Vasquez'`);
    const url = `/physician/${bluecrest}/state/NM`;
    const all = json<Physician[]>(await t.app.inject({ url, headers: bearer(p.token) }));
    expect(all.find((d) => d.last_name === 'Vasquez')?.is_provider).toBe(false);
    const providers = await t.app.inject({ url: `${url}?is_provider=true`, headers: bearer(p.token) });
    const shown = json<Physician[]>(providers).map((d) => d.last_name);
    expect(shown).not.toContain('Vasquez');
    expect(shown).toEqual(all.filter((d) => d.is_provider).map((d) => d.last_name));
    await rows(t.database, sql`update physicians set is_provider = true where last_name = 'Vasquez'`);
  });

  it('answers a physician’s states; another clinic’s physician is not found', async () => {
    const p = await patientIn(evergreen);
    const okafor = await physicianId(evergreen, 'Okafor');
    const res = await t.app.inject({
      url: `/physician/${evergreen}/physician/${okafor}/states`,
      headers: bearer(p.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual(['CA', 'FL', 'IL', 'NY', 'TX', 'WA']);
    const brooks = await physicianId(bluecrest, 'Brooks');
    const foreign = await t.app.inject({
      url: `/physician/${evergreen}/physician/${brooks}/states`,
      headers: bearer(p.token),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a bad state, another organization and an anonymous caller', async () => {
    const p = await patientIn(evergreen);
    const bad = await t.app.inject({ url: `/physician/${evergreen}/state/C1`, headers: bearer(p.token) });
    expect(bad.statusCode).toBe(400);
    const other = await t.app.inject({ url: `/physician/${bluecrest}/state/CA`, headers: bearer(p.token) });
    expect(other.statusCode).toBe(404);
    const anonymous = await t.app.inject({ url: `/physician/${evergreen}/state/CA` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('booking races and the database’s own guarantee', () => {
  it('fifty simultaneous bookings of one physician’s slot give exactly one appointment', async () => {
    const okafor = await physicianId(evergreen, 'Okafor');
    const patients: Patient[] = [];
    for (let i = 0; i < 5; i++)
      patients.push(...(await Promise.all(Array.from({ length: 10 }, () => patientIn(evergreen)))));
    const slot = (await availability(patients[0]!, `kind=coaching&days=14&physician_id=${okafor}`)).slots.at(
      -1,
    )!;
    const results = await Promise.all(
      patients.map((p) => book(p, { kind: 'coaching', start_time: slot.start_time, physician_id: okafor })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(json(r).text).toBe('SlotTaken');
    const live = await rows(
      t.database,
      sql`select id from appointments where physician_id = ${okafor} and start_time = ${slot.start_time} and not canceled`,
    );
    expect(live).toHaveLength(1);
  }, 120_000);

  it('the exclusion constraint refuses an overlapping live booking (23P01), buffers included, canceled ones not', async () => {
    const p = await patientIn(bluecrest);
    const brooks = await physicianId(bluecrest, 'Brooks');
    const insert = (id: string, start: string, end: string, extra = sql``) =>
      t.database.db.execute(sql`insert into appointments
        (id, patient_id, physician_id, organization_id, name, start_time, end_time, event_type_kind, blocked_end ${extra.queryChunks.length ? sql`, canceled` : sql``})
        values (${id}, ${p.id}, ${brooks}, ${bluecrest}, 'Test', ${start}::timestamptz, ${end}::timestamptz, 'coaching',
                ${end}::timestamptz + interval '15 minutes' ${extra})`);
    await insert('0000000000000000000000a1', '2027-01-04T15:00:00Z', '2027-01-04T15:30:00Z');
    // Starts when the first call ends, inside its 15-minute buffer.
    const clash = await insert(
      '0000000000000000000000a2',
      '2027-01-04T15:30:00Z',
      '2027-01-04T16:00:00Z',
    ).then(
      () => null,
      (error: unknown) => error as { code?: string; cause?: { code?: string } },
    );
    expect(clash?.code ?? clash?.cause?.code).toBe('23P01');
    // After the buffer it fits; a canceled booking is not in the way.
    await insert('0000000000000000000000a3', '2027-01-04T15:45:00Z', '2027-01-04T16:15:00Z');
    await insert('0000000000000000000000a4', '2027-01-04T15:00:00Z', '2027-01-04T15:30:00Z', sql`, true`);
  });
});

describe('appointment types: duration and buffers', () => {
  it('a clinic’s 45-minute consultation with a 30-minute buffer after keeps its neighbours off', async () => {
    const brooks = await physicianId(bluecrest, 'Brooks');
    await rows(
      t.database,
      sql`insert into appointment_types (id, organization_id, kind, name, duration_minutes, buffer_after_minutes, minimum_notice_minutes, horizon_days, slot_interval_minutes)
          values ('0000000000000000000000b1', ${bluecrest}, 'consultation', 'Consultation', 45, 30, 120, 30, 60)`,
    );
    const p = await patientIn(bluecrest, 'PA');
    const a = await availability(p, `kind=consultation&days=7&physician_id=${brooks}`);
    expect(a.slot_minutes).toBe(45);
    const slot = a.slots[2]!;
    expect(Date.parse(slot.end_time) - Date.parse(slot.start_time)).toBe(45 * 60_000);
    const res = await book(p, { kind: 'consultation', start_time: slot.start_time });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await rows<{ blocked_end: string; end_time: string }>(
      t.database,
      sql`select blocked_end::text, end_time::text from appointments where id = ${json<Appointment>(res)._id}`,
    );
    expect(Date.parse(row!.blocked_end) - Date.parse(row!.end_time)).toBe(30 * 60_000);
    // Coaching (30 minutes on the half hour, no buffer): the call and its buffer hold start to start + 75 min,
    // so start + 60 is refused and start + 90 offered.
    const coaching = await availability(p, `kind=coaching&days=7&physician_id=${brooks}`);
    const starts = coaching.slots.map((s) => Date.parse(s.start_time));
    const start = Date.parse(slot.start_time);
    expect(starts).not.toContain(start + 60 * 60_000);
    expect(starts).toContain(start + 90 * 60_000);
    // Beyond the type's 30-day horizon: refused.
    const far = new Date(Date.parse(slot.start_time) + 40 * 86_400_000).toISOString();
    const tooFar = await book(await patientIn(bluecrest, 'PA'), { kind: 'consultation', start_time: far });
    expect(tooFar.statusCode).toBe(400);
    await rows(t.database, sql`delete from appointment_types where id = '0000000000000000000000b1'`);
  });
});

describe('POST /v2/appointments/{id}/reschedule', () => {
  it('moves the appointment (same id, next sequence), frees the old time and refuses a taken one', async () => {
    const p = await patientIn(evergreen, 'CA');
    const other = await patientIn(evergreen, 'CA');
    const okafor = await physicianId(evergreen, 'Okafor');
    const slots = (await availability(p, `kind=coaching&days=14&physician_id=${okafor}`)).slots;
    const booked = json<Appointment>(
      await book(p, { kind: 'coaching', start_time: slots[3]!.start_time, physician_id: okafor }),
    );
    expect(booked.sequence).toBe(0);
    const taken = json<Appointment>(
      await book(other, { kind: 'coaching', start_time: slots[6]!.start_time, physician_id: okafor }),
    );
    const move = (who: Patient, id: string, start: string) =>
      t.app.inject({
        method: 'POST',
        url: `/v2/appointments/${id}/reschedule`,
        headers: bearer(who.token),
        payload: { start_time: start, time_zone: 'America/Chicago' },
      });
    const res = await move(p, booked._id, slots[4]!.start_time);
    expect(res.statusCode, res.body).toBe(200);
    const moved = json<Appointment>(res);
    expect(moved._id).toBe(booked._id);
    expect(moved.event.start_time).toBe(slots[4]!.start_time);
    expect(moved.sequence).toBe(1);
    const open = (await availability(p, `kind=coaching&days=14&physician_id=${okafor}`)).slots.map(
      (s) => s.start_time,
    );
    expect(open).toContain(slots[3]!.start_time);
    expect(open).not.toContain(slots[4]!.start_time);

    const clash = await move(p, booked._id, slots[6]!.start_time);
    expect(clash.statusCode).toBe(409);
    expect(json(clash).text).toBe('SlotTaken');
    expect((await move(p, taken._id, slots[8]!.start_time)).statusCode).toBe(404);
    const offGrid = await move(
      p,
      booked._id,
      new Date(Date.parse(slots[8]!.start_time) + 600_000).toISOString(),
    );
    expect(json(offGrid).text).toBe('SlotUnavailable');
    const [notice] = await rows<{ message: string }>(
      t.database,
      sql`select message from notifications where user_id = ${p.id} and message like '%moved to%'`,
    );
    expect(notice?.message).toMatch(/^Your coaching session is moved to \w+day, .+ C[SD]T\.$/);

    await t.app.inject({
      method: 'POST',
      url: '/v2/appointments/cancel',
      headers: bearer(p.token),
      payload: { appointment_id: booked._id },
    });
    const afterCancel = await move(p, booked._id, slots[9]!.start_time);
    expect(json(afterCancel).text).toBe('AppointmentCanceled');
  });
});

describe('the clinic’s side: /care/{org}/...', () => {
  it('replaces a physician’s availability with a day off and other hours, which the slots follow', async () => {
    const whitfield = await physicianId(evergreen, 'Whitfield');
    const url = `/care/${evergreen}/physicians/${whitfield}/availability`;
    const before = json<PhysicianAvailability>(await t.app.inject({ url, headers: bearer(care) }));
    expect(before.time_zone).toBe('America/Los_Angeles');
    expect(before.weekly).toHaveLength(5);
    // FIXED_NOW is Wed 10 Jun 2026: Thu 11 Jun off, Fri 12 Jun 13:00-14:00 only, Sat 13 Jun 10:00-11:00.
    const body: PhysicianAvailability = {
      time_zone: 'America/Los_Angeles',
      weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
      overrides: [
        { date: '2026-06-11', blocks: [] },
        { date: '2026-06-12', blocks: [{ start: '13:00', end: '14:00' }] },
        { date: '2026-06-13', blocks: [{ start: '10:00', end: '11:00' }] },
      ],
    };
    const put = await t.app.inject({ method: 'PUT', url, headers: bearer(care), payload: body });
    expect(put.statusCode, put.body).toBe(200);
    // the room link, left out, stays as it was
    expect(json(put)).toEqual({ ...body, room_link: before.room_link });
    const p = await patientIn(evergreen, 'OR');
    const a = await availability(
      p,
      `kind=consultation&from=2026-06-11T07:00:00Z&days=3&physician_id=${whitfield}`,
    );
    // PDT (-7): 13:00 = 20:00Z, 10:00 = 17:00Z.
    expect(a.slots.map((s) => s.start_time)).toEqual([
      '2026-06-12T20:00:00.000Z',
      '2026-06-12T20:30:00.000Z',
      '2026-06-13T17:00:00.000Z',
      '2026-06-13T17:30:00.000Z',
    ]);

    const bad = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(care),
      payload: { ...body, weekly: [{ weekday: 1, start: '17:00', end: '09:00' }] },
    });
    expect(bad.statusCode).toBe(400);
    const zone = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(care),
      payload: { ...body, time_zone: 'Mars/Base' },
    });
    expect(zone.statusCode).toBe(400);
    expect((await t.app.inject({ url, headers: bearer(p.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ url, headers: bearer(otherCare) })).statusCode).toBe(404);
    const foreign = await physicianId(bluecrest, 'Brooks');
    expect(
      (
        await t.app.inject({
          url: `/care/${evergreen}/physicians/${foreign}/availability`,
          headers: bearer(care),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('keeps a physician’s video room link, which their appointments’ waiting room opens', async () => {
    const okafor = await physicianId(evergreen, 'Okafor');
    const url = `/care/${evergreen}/physicians/${okafor}/availability`;
    const saved = json<PhysicianAvailability>(await t.app.inject({ url, headers: bearer(care) }));
    const put = (room_link: unknown) =>
      t.app.inject({ method: 'PUT', url, headers: bearer(care), payload: { ...saved, room_link } });
    try {
      const link = 'https://meet.jit.si/evergreen-okafor-room';
      const res = await put(`  ${link} `);
      expect(res.statusCode, res.body).toBe(200);
      expect(json<PhysicianAvailability>(res).room_link).toBe(link);
      const p = await patientIn(evergreen, 'NY');
      const slot = (await availability(p, `kind=coaching&days=14&physician_id=${okafor}`)).slots[0]!;
      const booked = await book(p, { kind: 'coaching', start_time: slot.start_time, physician_id: okafor });
      expect(booked.statusCode, booked.body).toBe(201);
      expect(json<Appointment>(booked).room_link).toBe(link);

      for (const bad of [
        'http://meet.example.com/room',
        'javascript:alert(1)',
        'meet.jit.si/room',
        'x'.repeat(501),
      ]) {
        const refused = await put(bad);
        expect(refused.statusCode, bad).toBe(400);
      }
      expect(json<{ message: string }>(await put('http://meet.example.com/room')).message).toContain(
        'https://',
      );
      const cleared = await put(null);
      expect(json<PhysicianAvailability>(cleared).room_link).toBeNull();
    } finally {
      await put(saved.room_link ?? null);
    }
  });

  it('books on a patient’s behalf, shows it in the day and week schedule, and cancels it with a message', async () => {
    const p = await patientIn(evergreen, 'TX');
    const lindqvist = await physicianId(evergreen, 'Lindqvist');
    const slot = (await availability(p, `kind=user-verification&days=14&physician_id=${lindqvist}`))
      .slots[0]!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/care/${evergreen}/appointments`,
      headers: bearer(care),
      payload: {
        patient_id: p.id,
        kind: 'user-verification',
        start_time: slot.start_time,
        physician_id: lindqvist,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const booked = json<Appointment>(res);
    const [row] = await rows<{ booked_by: string; patient_id: string }>(
      t.database,
      sql`select booked_by, patient_id from appointments where id = ${booked._id}`,
    );
    expect(row!.patient_id).toBe(p.id);
    expect(row!.booked_by).not.toBe(p.id);
    const [audit] = await rows<{ patient_id: string }>(
      t.database,
      sql`select patient_id from audit_log where action = 'POST /care/:org/appointments' order by at desc limit 1`,
    );
    expect(audit?.patient_id).toBe(p.id);

    // The day in Chicago time, and its week.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(
      new Date(slot.start_time),
    );
    const schedule = async (query: string) => {
      const r = await t.app.inject({ url: `/care/${evergreen}/schedule?${query}`, headers: bearer(care) });
      expect(r.statusCode, r.body).toBe(200);
      return json<CareSchedule>(r);
    };
    const daily = await schedule(`date=${day}&time_zone=America/Chicago&physician_id=${lindqvist}`);
    const entry = daily.appointments.find((x) => x._id === booked._id);
    expect(entry?.patient._id).toBe(p.id);
    expect(entry?.patient.name).toMatch(/tester/i);
    expect(Date.parse(daily.to) - Date.parse(daily.from)).toBe(86_400_000);
    const weekly = await schedule(`date=${day}&view=week&time_zone=America/Chicago`);
    expect(weekly.appointments.map((x) => x._id)).toContain(booked._id);
    expect(new Date(weekly.from).getUTCDay()).toBe(1);

    // Another clinic's patient cannot be booked; another clinic's staff cannot cancel.
    const foreign = await patientIn(bluecrest);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/care/${evergreen}/appointments`,
      headers: bearer(care),
      payload: { patient_id: foreign.id, kind: 'coaching', start_time: slot.start_time },
    });
    expect(refused.statusCode).toBe(404);
    const cancelUrl = `/care/${evergreen}/appointments/${booked._id}/cancel`;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: cancelUrl,
          headers: bearer(otherCare),
          payload: { message: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: cancelUrl,
          headers: bearer(care),
          payload: { message: ' ' },
        })
      ).statusCode,
    ).toBe(400);

    const cancel = await t.app.inject({
      method: 'POST',
      url: cancelUrl,
      headers: bearer(care),
      payload: { message: 'Dr. Lindqvist is unwell; please book another time.' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(json<Appointment>(cancel).event.canceled).toBe(true);
    expect(json<Appointment>(cancel).sequence).toBe(1);
    const [notice] = await rows<{ message: string }>(
      t.database,
      sql`select message from notifications where user_id = ${p.id} and message like '%canceled by the clinic%'`,
    );
    expect(notice?.message).toContain('Dr. Lindqvist is unwell; please book another time.');
    const after = await schedule(`date=${day}&time_zone=America/Chicago&physician_id=${lindqvist}`);
    expect(after.appointments.map((x) => x._id)).not.toContain(booked._id);
  });
});
