import type {
  AppointmentTypeSettings,
  Availability,
  CarePatientMatch,
  CarePhysician,
  PhysicianAvailability,
} from '@portal/domain/contracts/appointment';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, logInAs, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;
let otherOrg: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '100000', RATE_LIMIT_ADDRESS: '100000' });
  const orgOf = async (domain: string) =>
    json<{ _id: string }>(await t.app.inject({ url: `/organization/search?domain=${domain}` }))._id;
  org = await orgOf('localhost');
  otherOrg = await orgOf('127.0.0.1');
  for (const who of ['admin', 'care', 'physician'])
    tokens[who] = await logInAs(t.app, `${who}@evergreen.test`, org);
  tokens.otherAdmin = await logInAs(t.app, 'admin@bluecrest.test', otherOrg);
}, 60_000);
afterAll(() => t?.close());

const typesUrl = (orgId = org) => `/care/${orgId}/appointment-types`;
const readTypes = (token: string, orgId = org) =>
  t.app.inject({ url: typesUrl(orgId), headers: bearer(token) });
const writeTypes = (token: string, payload: unknown, orgId = org) =>
  t.app.inject({ method: 'PUT', url: typesUrl(orgId), headers: bearer(token), payload: payload as object });

const builtIn = {
  duration_minutes: 30,
  buffer_before_minutes: 0,
  buffer_after_minutes: 0,
  minimum_notice_minutes: 120,
  horizon_days: 60,
  slot_interval_minutes: null,
};

async function physicianId(lastName: string, orgId = org): Promise<string> {
  const [row] = await rows<{ id: string }>(
    t.database,
    sql`select id from physicians where organization_id = ${orgId} and last_name = ${lastName}`,
  );
  return row!.id;
}

async function auditSince(id: number, url: string) {
  return rows<{ action: string; outcome: string; status_code: number; patient_id: string | null }>(
    t.database,
    sql`select action, outcome, status_code, patient_id from audit_log
        where id > ${id} and action like ${`% ${url}`} order by id`,
  );
}
const lastAuditId = async () =>
  (await rows<{ id: number }>(t.database, sql`select coalesce(max(id), 0)::int as id from audit_log`))[0]!.id;

describe('GET and PUT /care/{org}/appointment-types', () => {
  it('lists every kind a patient books with the built-in rules where the clinic set none', async () => {
    const res = await readTypes(tokens.admin!);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<AppointmentTypeSettings>(res)).toEqual({
      types: [
        { kind: 'user-verification', name: 'Identity verification call', custom: false, ...builtIn },
        { kind: 'coaching', name: 'Coaching session', custom: false, ...builtIn },
        { kind: 'consultation', name: 'Consultation', custom: false, ...builtIn },
      ],
    });
  });

  it('saves a kind’s rules, which the slots patients are offered follow; the others keep theirs', async () => {
    const since = await lastAuditId();
    const consultation = {
      kind: 'consultation',
      duration_minutes: 45,
      buffer_before_minutes: 5,
      buffer_after_minutes: 15,
      minimum_notice_minutes: 1440,
      horizon_days: 14,
      slot_interval_minutes: 60,
    };
    const saved = await writeTypes(tokens.admin!, { types: [consultation] });
    expect(saved.statusCode, saved.body).toBe(200);
    const list = json<AppointmentTypeSettings>(saved).types;
    const { kind: _kind, ...rules } = consultation;
    expect(list.find((x) => x.kind === 'consultation')).toEqual({
      kind: 'consultation',
      name: 'Consultation',
      custom: true,
      ...rules,
    });
    expect(list.find((x) => x.kind === 'coaching')).toEqual({
      kind: 'coaching',
      name: 'Coaching session',
      custom: false,
      ...builtIn,
    });
    expect(json<AppointmentTypeSettings>(await readTypes(tokens.admin!)).types).toEqual(list);

    // the patient's own availability call follows the new rules at once
    const p = await signupPatient(t.app, org);
    const offered = await t.app.inject({
      url: '/v2/appointments/availability?kind=consultation&days=14',
      headers: bearer(p.token),
    });
    const a = json<Availability>(offered);
    expect(a.slot_minutes).toBe(45);
    expect(a.slots.length).toBeGreaterThan(0);
    for (const s of a.slots) {
      expect(Date.parse(s.end_time) - Date.parse(s.start_time)).toBe(45 * 60_000);
      expect(Date.parse(s.start_time) - Date.parse(a.from)).toBeGreaterThanOrEqual(1440 * 60_000);
    }

    // saving again updates the row rather than adding one
    const again = await writeTypes(tokens.admin!, { types: [{ ...consultation, duration_minutes: 40 }] });
    expect(json<AppointmentTypeSettings>(again).types.find((x) => x.kind === 'consultation')).toMatchObject({
      duration_minutes: 40,
    });
    const stored = await rows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from appointment_types where organization_id = ${org} and kind = 'consultation'`,
    );
    expect(stored[0]!.n).toBe(1);
    // another clinic keeps the built-in rules
    expect(
      json<AppointmentTypeSettings>(await readTypes(tokens.otherAdmin!, otherOrg)).types.every(
        (x) => !x.custom,
      ),
    ).toBe(true);
    expect(await auditSince(since, '/care/:org/appointment-types')).toEqual([
      { action: 'PUT /care/:org/appointment-types', outcome: 'allowed', status_code: 200, patient_id: null },
      { action: 'GET /care/:org/appointment-types', outcome: 'allowed', status_code: 200, patient_id: null },
      { action: 'PUT /care/:org/appointment-types', outcome: 'allowed', status_code: 200, patient_id: null },
      { action: 'GET /care/:org/appointment-types', outcome: 'allowed', status_code: 200, patient_id: null },
    ]);
    await rows(t.database, sql`delete from appointment_types where organization_id = ${org}`);
  });

  it('refuses bad rules with 400 in the error shape and stores nothing', async () => {
    const good = { kind: 'coaching', ...builtIn };
    const cases: [unknown, string, string][] = [
      [
        { types: [{ ...good, duration_minutes: 4 }] },
        'body.types.0.duration_minutes',
        'The duration must be from 5 to 480 minutes.',
      ],
      [
        { types: [{ ...good, duration_minutes: 30.5 }] },
        'body.types.0.duration_minutes',
        'The duration must be a whole number of minutes.',
      ],
      [
        { types: [{ ...good, duration_minutes: '30' }] },
        'body.types.0.duration_minutes',
        'The duration must be a whole number of minutes.',
      ],
      [
        { types: [{ ...good, buffer_after_minutes: 241 }] },
        'body.types.0.buffer_after_minutes',
        'The buffer after must be from 0 to 240 minutes.',
      ],
      [
        { types: [{ ...good, buffer_before_minutes: -1 }] },
        'body.types.0.buffer_before_minutes',
        'The buffer before must be from 0 to 240 minutes.',
      ],
      [
        { types: [{ ...good, horizon_days: 0 }] },
        'body.types.0.horizon_days',
        'How far ahead must be from 1 to 366 days.',
      ],
      [
        { types: [{ ...good, slot_interval_minutes: 2 }] },
        'body.types.0.slot_interval_minutes',
        'The start interval must be from 5 to 480 minutes.',
      ],
      [{ types: [{ ...good, kind: 'follow-up' }] }, 'body.types.0.kind', ''],
      [{ types: [good, good] }, 'body.types', 'Each kind may appear once.'],
      [{ types: [] }, 'body.types', 'Send at least one appointment type.'],
      [{ types: [{ ...good, name: 'Renamed' }] }, 'body.types.0', 'Unrecognized key: "name"'],
    ];
    for (const [payload, path, message] of cases) {
      const res = await writeTypes(tokens.admin!, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = json<{ text: string; fields: { path: string; message: string }[] }>(res);
      expect(body.text).toBe('ValidationError');
      expect(body.fields[0]!.path, JSON.stringify(payload)).toBe(path);
      if (message) expect(body.fields[0]!.message).toBe(message);
    }
    const stored = await rows(
      t.database,
      sql`select id from appointment_types where organization_id = ${org}`,
    );
    expect(stored).toEqual([]);
  });

  it('is for the clinic’s admins: other staff and patients 403, another clinic’s admin 404', async () => {
    const payload = { types: [{ kind: 'coaching', ...builtIn, duration_minutes: 20 }] };
    for (const who of ['care', 'physician'] as const) {
      expect((await readTypes(tokens[who]!)).statusCode, who).toBe(403);
      expect((await writeTypes(tokens[who]!, payload)).statusCode, who).toBe(403);
    }
    const patient = await signupPatient(t.app, org);
    expect((await readTypes(patient.token)).statusCode).toBe(403);
    expect((await writeTypes(patient.token, payload)).statusCode).toBe(403);
    expect((await readTypes(tokens.otherAdmin!)).statusCode).toBe(404);
    expect((await writeTypes(tokens.otherAdmin!, payload)).statusCode).toBe(404);
    expect((await t.app.inject({ url: typesUrl() })).statusCode).toBe(401);
    const stored = await rows(
      t.database,
      sql`select id from appointment_types where organization_id = ${org}`,
    );
    expect(stored).toEqual([]);
  });
});

describe('the schedule’s helpers for booking on a patient’s behalf', () => {
  it('lists the clinic’s physicians, only its own', async () => {
    const res = await t.app.inject({ url: `/care/${org}/physicians`, headers: bearer(tokens.care!) });
    expect(res.statusCode, res.body).toBe(200);
    const list = json<CarePhysician[]>(res);
    expect(list.map((p) => p.name)).toContain('Priya Raman, MD');
    expect(list.map((p) => p._id)).not.toContain(await physicianId('Brooks', otherOrg));
    const patient = await signupPatient(t.app, org);
    expect(
      (await t.app.inject({ url: `/care/${org}/physicians`, headers: bearer(patient.token) })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: `/care/${org}/physicians`, headers: bearer(tokens.otherAdmin!) }))
        .statusCode,
    ).toBe(404);
  });

  it('finds the clinic’s patients by name or e-mail, never another clinic’s, wildcards taken literally', async () => {
    const unique = `Zephyrine${Date.now() % 100000}`;
    const mine = await signupPatient(t.app, org, { first_name: unique, last_name: 'Quist' });
    await signupPatient(t.app, otherOrg, { first_name: unique, last_name: 'Elsewhere' });
    const search = (q: string, token = tokens.care!) =>
      t.app.inject({ url: `/care/${org}/patients?q=${encodeURIComponent(q)}`, headers: bearer(token) });
    const byName = await search(`${unique.toLowerCase()} qu`);
    expect(byName.statusCode, byName.body).toBe(200);
    expect(json<CarePatientMatch[]>(byName)).toEqual([
      { _id: mine.id, name: `${unique} Quist`, email: mine.email },
    ]);
    expect(json<CarePatientMatch[]>(await search(mine.email.toUpperCase())).map((p) => p._id)).toEqual([
      mine.id,
    ]);
    expect(json<CarePatientMatch[]>(await search('%%')).length).toBe(0);
    expect(json<CarePatientMatch[]>(await search('care@evergreen')).length).toBe(0);
    const short = await search('a');
    expect(short.statusCode).toBe(400);
    expect(json<{ fields: { message: string }[] }>(short).fields[0]!.message).toBe(
      'Type at least 2 letters.',
    );
    const patient = await signupPatient(t.app, org);
    expect((await search(unique, patient.token)).statusCode).toBe(403);
  });

  it('offers a patient’s open slots to staff exactly as the patient sees them, audited under the patient', async () => {
    const p = await signupPatient(t.app, org);
    const lindqvist = await physicianId('Lindqvist');
    const query = `kind=user-verification&days=7&physician_id=${lindqvist}`;
    const own = json<Availability>(
      await t.app.inject({ url: `/v2/appointments/availability?${query}`, headers: bearer(p.token) }),
    );
    const since = await lastAuditId();
    const res = await t.app.inject({
      url: `/care/${org}/availability?${query}&patient_id=${p.id}`,
      headers: bearer(tokens.care!),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Availability>(res)).toEqual(own);
    expect(await auditSince(since, '/care/:org/availability')).toEqual([
      { action: 'GET /care/:org/availability', outcome: 'allowed', status_code: 200, patient_id: p.id },
    ]);
    const foreign = await signupPatient(t.app, otherOrg);
    const other = await t.app.inject({
      url: `/care/${org}/availability?${query}&patient_id=${foreign.id}`,
      headers: bearer(tokens.care!),
    });
    expect(other.statusCode).toBe(404);
    const bad = await t.app.inject({
      url: `/care/${org}/availability?kind=surgery&patient_id=${p.id}`,
      headers: bearer(tokens.care!),
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          url: `/care/${org}/availability?${query}&patient_id=${p.id}`,
          headers: bearer(p.token),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses overlapping hours of one weekday or one date with the editor’s words, on the row at fault', async () => {
    const raman = await physicianId('Raman');
    const url = `/care/${org}/physicians/${raman}/availability`;
    const before = json<PhysicianAvailability>(await t.app.inject({ url, headers: bearer(tokens.care!) }));
    const put = (payload: PhysicianAvailability) =>
      t.app.inject({ method: 'PUT', url, headers: bearer(tokens.care!), payload });
    const weekly = await put({
      time_zone: 'America/New_York',
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 2, start: '09:00', end: '12:00' },
        { weekday: 1, start: '11:00', end: '14:00' },
      ],
      overrides: [],
    });
    expect(weekly.statusCode).toBe(400);
    expect(json<{ fields: { path: string; message: string }[] }>(weekly).fields[0]).toEqual({
      path: 'body.weekly.2.end',
      message: 'These hours overlap other hours of the same day.',
    });
    const override = await put({
      time_zone: 'America/New_York',
      weekly: [],
      overrides: [
        {
          date: '2026-06-15',
          blocks: [
            { start: '09:00', end: '12:00' },
            { start: '10:00', end: '11:00' },
          ],
        },
      ],
    });
    expect(override.statusCode).toBe(400);
    expect(json<{ fields: { path: string }[] }>(override).fields[0]!.path).toBe(
      'body.overrides.0.blocks.1.end',
    );
    // touching hours are fine, and nothing was changed by the refusals
    expect(json<PhysicianAvailability>(await t.app.inject({ url, headers: bearer(tokens.care!) }))).toEqual(
      before,
    );
    const touching = await put({
      ...before,
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '12:00', end: '17:00' },
      ],
    });
    expect(touching.statusCode, touching.body).toBe(200);
    expect((await put(before)).statusCode).toBe(200);
  });
});
