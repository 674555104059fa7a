import type { CareChart, CareNote } from '@portal/domain/contracts/care';
import { FIXED_NOW } from '@portal/domain/testing/fixed-clock';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;
let otherOrg: string;
let dana: string;
const tokens: Record<string, string> = {};
/** The app's clock: fixed, moved forward by the tests that need an order in time. */
let clock = FIXED_NOW.getTime();

async function logIn(email: string, orgId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/login/${orgId}`,
    payload: { email, password: 'Demo1234!' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ token: string; user: { _id: string } }>(res);
}

const chart = (patientId: string, token: string, orgId = org) =>
  t.app.inject({ url: `/care/${orgId}/patients/${patientId}/chart`, headers: bearer(token) });

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' },
    { now: () => new Date(clock) },
  );
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  otherOrg = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }))._id;
  for (const who of ['care', 'physician', 'admin'])
    tokens[who] = (await logIn(`${who}@evergreen.test`, org)).token;
  tokens.otherCare = (await logIn('care@bluecrest.test', otherOrg)).token;
  const demo = await logIn('demo@evergreen.test', org);
  tokens.dana = demo.token;
  dana = demo.user._id;
});
afterAll(() => t.close());

describe('patient chart', () => {
  it('gathers the profile, history, visits with their answers, identity, billing and notifications', async () => {
    const res = await chart(dana, tokens.physician!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const c = json<CareChart>(res);
    expect(c.patient).toMatchObject({
      _id: dana,
      first_name: 'Dana',
      last_name: 'Demo',
      email: 'demo@evergreen.test',
    });
    expect(c.patient.age).toBeGreaterThan(17);
    expect(c.medical_history).not.toBeNull();
    const [stored] = await rows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from intakes where user_id = ${dana}`,
    );
    expect(c.visits).toHaveLength(stored!.n);
    const answered = c.visits.flatMap((v) => v.answers);
    const [answeredCount] = await rows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from intake_responses r join intakes i on i.id = r.intake_id
          where i.user_id = ${dana} and r.answered_at is not null`,
    );
    expect(answered).toHaveLength(answeredCount!.n);
    expect(answered.every((a) => a.question.length > 0)).toBe(true);
    // every requested product comes with its name
    const requested = c.visits.flatMap((v) => v.products);
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.every((p) => typeof p.name === 'string' && p.name.length > 0)).toBe(true);
    // choices are shown by their labels, not their ids
    expect(answered.flatMap((a) => a.options).some((o) => /^[0-9a-f]{24}$/.test(o))).toBe(false);
    expect(c.subscriptions.length).toBeGreaterThan(0);
    expect(c.orders.length).toBeGreaterThan(0);
    expect(c.notifications.length).toBeGreaterThan(0);
    expect(c.identity.verification_status).toBeTruthy();
  });

  it('keeps private notes of the clinic, newest first, with their author', async () => {
    const add = (body: Record<string, unknown>, token = tokens.care!) =>
      t.app.inject({
        method: 'POST',
        url: `/care/${org}/patients/${dana}/notes`,
        headers: bearer(token),
        payload: body,
      });
    const first = await add({ body: 'Called about the ID photo: will re-upload tonight.' });
    expect(first.statusCode, first.body).toBe(201);
    expect(json<CareNote>(first)).toMatchObject({
      author: { first_name: 'Jordan', last_name: 'Lee', role: 'care_team' },
    });
    clock += 60_000;
    expect((await add({ body: 'Reviewed labs with the patient.' }, tokens.physician!)).statusCode).toBe(201);
    expect((await add({ body: '   ' })).statusCode).toBe(400);
    expect((await add({ body: 'x'.repeat(5001) })).statusCode).toBe(400);
    expect((await add({ body: 'a', author: 'someone' })).statusCode).toBe(400);
    const notes = json<CareChart>(await chart(dana, tokens.admin!)).notes;
    expect(notes.map((n) => n.body).slice(0, 2)).toEqual([
      'Reviewed labs with the patient.',
      'Called about the ID photo: will re-upload tonight.',
    ]);
  });

  it('shows who opened the chart before, from the audit trail', async () => {
    const patient = await signupPatient(t.app, org);
    expect((await chart(patient.id, tokens.care!)).statusCode).toBe(200);
    clock += 60_000;
    expect((await chart(patient.id, tokens.physician!)).statusCode).toBe(200);
    await t.app.ctx.audit.flush();
    const seen = json<CareChart>(await chart(patient.id, tokens.admin!)).viewed_by;
    expect(seen.map((v) => [v.first_name, v.role])).toEqual([
      ['Samuel', 'physician'],
      ['Jordan', 'care_team'],
    ]);
  });

  it('is refused to the patient, and another clinic finds nothing; every read is audited', async () => {
    expect((await chart(dana, tokens.dana!)).statusCode).toBe(403);
    const notes = await t.app.inject({
      method: 'POST',
      url: `/care/${org}/patients/${dana}/notes`,
      headers: bearer(tokens.dana!),
      payload: { body: 'mine now' },
    });
    expect(notes.statusCode).toBe(403);
    expect((await chart(dana, tokens.otherCare!)).statusCode).toBe(404);
    expect((await chart(dana, tokens.otherCare!, otherOrg)).statusCode).toBe(404);
    expect((await chart(newId(), tokens.care!)).statusCode).toBe(404);
    await t.app.ctx.audit.flush();
    const audited = await rows<{ outcome: string }>(
      t.database,
      sql`select outcome from audit_log where patient_id = ${dana} and action = 'GET /care/:org/patients/:id/chart'`,
    );
    expect(audited.map((a) => a.outcome)).toEqual(expect.arrayContaining(['allowed', 'denied']));
  });

  it('lets the care team move a patient to the new labs app and back; the patient’s own record follows', async () => {
    const patient = await signupPatient(t.app, org);
    const flags = (payload: unknown, token = tokens.care!, orgId = org, id = patient.id) =>
      t.app.inject({
        method: 'PUT',
        url: `/care/${orgId}/patients/${id}/feature-flags`,
        headers: bearer(token),
        payload: payload as Record<string, unknown>,
      });
    const own = async () =>
      json<{ feature_flags: { labs2: boolean } }>(
        await t.app.inject({
          url: `/users/${org}/user/${patient.id}/patient`,
          headers: bearer(patient.token),
        }),
      ).feature_flags.labs2;
    expect(json<CareChart>(await chart(patient.id, tokens.care!)).patient.feature_flags).toEqual({
      labs2: false,
    });

    const on = await flags({ labs2: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(json(on)).toEqual({ labs2: true });
    expect(await own()).toBe(true);
    expect(json<CareChart>(await chart(patient.id, tokens.physician!)).patient.feature_flags.labs2).toBe(
      true,
    );
    expect((await flags({ labs2: false }, tokens.physician!)).statusCode).toBe(200);
    expect(await own()).toBe(false);

    // bad input, the wrong people, the wrong clinic
    expect((await flags({ labs2: 'yes' })).statusCode).toBe(400);
    expect((await flags({ labs2: true, admin: true })).statusCode).toBe(400);
    expect((await flags({ labs2: true }, tokens.admin!)).statusCode).toBe(403);
    expect((await flags({ labs2: true }, patient.token)).statusCode).toBe(403);
    expect((await flags({ labs2: true }, tokens.otherCare!)).statusCode).toBe(404);
    expect((await flags({ labs2: true }, tokens.otherCare!, otherOrg)).statusCode).toBe(404);
    expect((await flags({ labs2: true }, tokens.care!, org, newId())).statusCode).toBe(404);
    expect(await own()).toBe(false);
    await t.app.ctx.audit.flush();
    const audited = await rows<{ outcome: string }>(
      t.database,
      sql`select outcome from audit_log where patient_id = ${patient.id} and action = 'PUT /care/:org/patients/:id/feature-flags'`,
    );
    expect(audited.map((a) => a.outcome)).toEqual(expect.arrayContaining(['allowed', 'denied']));
  });
});
