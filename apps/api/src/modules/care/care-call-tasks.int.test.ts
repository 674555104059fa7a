import type { Appointment, Availability } from '@portal/domain/contracts/appointment';
import type { CareChart, CareTask, CareTasks } from '@portal/domain/contracts/care';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;
let otherOrg: string;
const tokens: Record<string, string> = {};
type Patient = Awaited<ReturnType<typeof signupPatient>>;

async function logIn(email: string, orgId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/login/${orgId}`,
    payload: { email, password: 'Demo1234!' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ token: string }>(res).token;
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '100000', RATE_LIMIT_ADDRESS: '100000' });
  const orgOf = async (domain: string) =>
    json<{ _id: string }>(await t.app.inject({ url: `/organization/search?domain=${domain}` }))._id;
  org = await orgOf('localhost');
  otherOrg = await orgOf('127.0.0.1');
  for (const who of ['care', 'physician', 'admin']) tokens[who] = await logIn(`${who}@evergreen.test`, org);
  tokens.otherCare = await logIn('care@bluecrest.test', otherOrg);
});
afterAll(() => t.close());

/** A Californian patient, with a mobile number unless told otherwise. */
async function patient(mobile: string | null = '+14155550123'): Promise<Patient> {
  const p = await signupPatient(t.app, org);
  const res = await t.app.inject({
    method: 'PUT',
    url: `/users/${org}/${p.id}`,
    headers: bearer(p.token),
    payload: { state: 'CA' },
  });
  expect(res.statusCode, res.body).toBe(200);
  if (mobile) await t.database.db.execute(sql`update users set mobile_number = ${mobile} where id = ${p.id}`);
  return p;
}

/** Books the first open slot as the patient does: in the funnel, or from the retention offer. */
async function book(
  p: Patient,
  kind: 'user-verification' | 'consultation' | 'coaching',
  subscription?: string,
) {
  const open = await t.app.inject({
    url: `/v2/appointments/availability?kind=${kind}&days=14`,
    headers: bearer(p.token),
  });
  expect(open.statusCode, open.body).toBe(200);
  const slot = json<Availability>(open).slots[0]!;
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/appointments',
    headers: bearer(p.token),
    payload: {
      kind,
      start_time: slot.start_time,
      ...(subscription ? { subscription_id: subscription } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<Appointment>(res);
}

/** The patient's subscription to a recurring product of the clinic, as the retention offer is made on one. */
async function subscriptionOf(p: Patient) {
  const [product] = await rows<{ id: string; name: string }>(
    t.database,
    sql`select id, name from products where organization_id = ${org} and pricing_type = 'recurring' limit 1`,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `/v2/subscriptions/product/${product!.id}`,
    headers: bearer(p.token),
    payload: { quantity: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ _id: string; name: string }>(res);
}

const tasks = async (token = tokens.care!) => {
  const res = await t.app.inject({ url: `/care/${org}/tasks`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return json<CareTasks>(res).items;
};
const complete = (id: string, body: object, token = tokens.care!, orgId = org) =>
  t.app.inject({
    method: 'POST',
    url: `/care/${orgId}/calls/${id}/complete`,
    headers: bearer(token),
    payload: body,
  });

describe('call tasks', () => {
  it('lists booked verification and retention calls with the patient, the time, the phone and the subscription', async () => {
    const funnel = await patient();
    const verification = await book(funnel, 'user-verification');
    const leaving = await patient(null);
    await t.database.db.execute(
      sql`update users set shipping_info = ${JSON.stringify({ phone_number: '+15035550188' })}::jsonb where id = ${leaving.id}`,
    );
    const subscription = await subscriptionOf(leaving);
    const retention = await book(leaving, 'consultation', subscription._id);
    const silent = await patient(null);
    const unreachable = await book(silent, 'user-verification');

    const items = await tasks();
    expect(items.find((i) => i._id === verification._id)).toEqual({
      _id: verification._id,
      kind: 'verification_call',
      patient: { _id: funnel.id, first_name: 'Pat', last_name: expect.any(String) },
      phone: '+14155550123',
      call: {
        name: 'Identity Verification Call',
        start_time: verification.event.start_time,
        end_time: verification.event.end_time,
      },
      subscription: null,
      created_at: verification.created_at,
    });
    expect(items.find((i) => i._id === retention._id)).toMatchObject({
      kind: 'retention_call',
      patient: { _id: leaving.id },
      phone: '+15035550188',
      call: { name: 'Longevity Consultation', start_time: retention.event.start_time },
      subscription: { _id: subscription._id, name: subscription.name },
    });
    expect(items.find((i) => i._id === unreachable._id)).toMatchObject({ phone: null });
    const order = items.map((i) => [i.created_at, i._id].join(' '));
    expect(order).toEqual([...order].sort());
  });

  it('leaves out calls that are canceled, of another kind, or of another clinic', async () => {
    const p = await patient();
    const canceled = await book(p, 'user-verification');
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/v2/appointments/cancel',
      headers: bearer(p.token),
      payload: { appointment_id: canceled._id },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const coaching = await book(p, 'coaching');
    const elsewhere = await signupPatient(t.app, otherOrg);
    const theirs = await book(elsewhere, 'user-verification');

    const ids = (await tasks()).map((i) => i._id);
    expect(ids).not.toContain(canceled._id);
    expect(ids).not.toContain(coaching._id);
    expect(ids).not.toContain(theirs._id);
    const other = json<CareTasks>(
      await t.app.inject({ url: `/care/${otherOrg}/tasks`, headers: bearer(tokens.otherCare!) }),
    );
    expect(other.items.map((i) => i._id)).toContain(theirs._id);
    expect((await complete(coaching._id, { outcome: 'Talked.' })).statusCode).toBe(404);
    const late = await complete(canceled._id, { outcome: 'Talked.' });
    expect(late.statusCode).toBe(409);
    expect(json(late)).toMatchObject({ text: 'CallCanceled' });
  });

  it('a coordinator marks a call done with its outcome: it leaves the list, the chart notes it, the audit trail names the patient', async () => {
    const p = await patient();
    const call = await book(p, 'user-verification');
    expect((await complete(call._id, { outcome: '   ' })).statusCode).toBe(400);
    expect((await complete(call._id, {})).statusCode).toBe(400);
    expect((await complete(call._id, { outcome: 'x', extra: true })).statusCode).toBe(400);

    const res = await complete(call._id, { outcome: ' Reached the patient; ID matches the selfie. ' });
    expect(res.statusCode, res.body).toBe(200);
    const done = json<{ completed_at: string }>(res);
    expect(json(res)).toEqual({
      _id: call._id,
      kind: 'verification_call',
      completed_at: done.completed_at,
      outcome: 'Reached the patient; ID matches the selfie.',
    });
    expect((await tasks()).map((i: CareTask) => i._id)).not.toContain(call._id);

    const [stored] = await rows<{ outcome: string; completed_by: string; completed_at: Date }>(
      t.database,
      sql`select outcome, completed_by, completed_at from appointments where id = ${call._id}`,
    );
    const [care] = await rows<{ id: string }>(
      t.database,
      sql`select id from users where email = 'care@evergreen.test' and organization_id = ${org}`,
    );
    expect(stored).toMatchObject({
      outcome: 'Reached the patient; ID matches the selfie.',
      completed_by: care!.id,
    });
    expect(new Date(stored!.completed_at).toISOString()).toBe(done.completed_at);

    const chart = json<CareChart>(
      await t.app.inject({ url: `/care/${org}/patients/${p.id}/chart`, headers: bearer(tokens.care!) }),
    );
    expect(chart.notes.map((n) => n.body)).toContain(
      'Identity verification call done: Reached the patient; ID matches the selfie.',
    );

    const again = await complete(call._id, { outcome: 'Twice.' });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ text: 'CallAlreadyCompleted' });

    await t.app.ctx.audit.flush();
    const audited = await rows<{ outcome: string; status_code: number }>(
      t.database,
      sql`select outcome, status_code from audit_log
          where patient_id = ${p.id} and action = 'POST /care/:org/calls/:id/complete' order by id`,
    );
    expect(audited.map((a) => a.status_code)).toEqual([200, 409]);
  });

  it('a physician may mark a call done too', async () => {
    const p = await patient();
    const subscription = await subscriptionOf(p);
    const call = await book(p, 'consultation', subscription._id);
    const res = await complete(
      call._id,
      { outcome: 'Stays on: moved the renewal a month.' },
      tokens.physician,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ kind: 'retention_call' });
  });

  it('is refused to an admin (read-only), to the patient, and to another clinic; an unknown call is a 404', async () => {
    const p = await patient();
    const call = await book(p, 'user-verification');
    expect((await tasks(tokens.admin!)).map((i) => i._id)).toContain(call._id);
    expect((await complete(call._id, { outcome: 'Done.' }, tokens.admin!)).statusCode).toBe(403);
    expect((await complete(call._id, { outcome: 'Done.' }, p.token)).statusCode).toBe(403);
    const patientList = await t.app.inject({ url: `/care/${org}/tasks`, headers: bearer(p.token) });
    expect(patientList.statusCode).toBe(403);
    expect((await complete(call._id, { outcome: 'Done.' }, tokens.otherCare!)).statusCode).toBe(404);
    expect((await complete(call._id, { outcome: 'Done.' }, tokens.otherCare!, otherOrg)).statusCode).toBe(
      404,
    );
    expect((await complete(newId(), { outcome: 'Done.' })).statusCode).toBe(404);
    expect((await tasks()).map((i) => i._id)).toContain(call._id);
  });
});
