import type { CareTasks } from '@portal/domain/contracts/care';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema/subscriptions';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;
const tokens: Record<string, string> = {};
type Patient = Awaited<ReturnType<typeof signupPatient>>;
const prescription = {
  medication: 'Sirolimus',
  strength: '6 mg',
  instructions: 'Six milligrams once a week.',
  expires_on: '2027-01-31',
};

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  for (const who of ['care', 'physician']) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/login/${org}`,
      payload: { email: `${who}@evergreen.test`, password: 'Demo1234!' },
    });
    tokens[who] = json<{ token: string }>(res).token;
  }
});
afterAll(() => t.close());

/** A patient in Texas with an active medication subscription who asks to change it. */
async function requested(requestType: string, comment?: string) {
  const patient: Patient = await signupPatient(t.app, org);
  await t.database.db.execute(sql`update users set state = 'TX' where id = ${patient.id}`);
  const [sub] = await t.database.db
    .insert(subscriptions)
    .values({
      userId: patient.id,
      organizationId: org,
      status: 'active',
      type: 'medication',
      name: 'Generic Rapamycin',
      durationMonths: 3,
    })
    .returning({ id: subscriptions.id });
  const res = await t.app.inject({
    method: 'POST',
    url: `/v2/subscriptions/${sub!.id}/request-prescription-change`,
    headers: bearer(patient.token),
    payload: { requestType, comment },
  });
  expect(res.statusCode, res.body).toBe(201);
  const tasks = json<CareTasks>(
    await t.app.inject({ url: `/care/${org}/tasks`, headers: bearer(tokens.care!) }),
  );
  const task = tasks.items.find((i) => i.kind === 'prescription_change' && i.subscription._id === sub!.id)!;
  return { patient, subscription: sub!.id, task };
}

const resolve = (id: string, body: object, token = tokens.physician!) =>
  t.app.inject({
    method: 'POST',
    url: `/care/${org}/prescription-requests/${id}/resolve`,
    headers: bearer(token),
    payload: body,
  });
const subscriptionOf = async (id: string) =>
  (
    await rows<{ status: string; prescriptions: { medication: { strength: string } }[] }>(
      t.database,
      sql`select status, prescriptions from subscriptions where id = ${id}`,
    )
  )[0]!;
const lastNotice = async (patient: Patient) =>
  (
    await rows<{ message: string }>(
      t.database,
      // the request's own notice shares the fixed clock's instant: the answer is found by its words
      sql`select message from notifications where user_id = ${patient.id} and message like 'Your physician%'`,
    )
  )[0]!.message;

describe('prescription-change tasks', () => {
  it('lists the open requests with the patient, the subscription and their words', async () => {
    const { patient, task } = await requested('RaiseDosage', 'Feeling great, no side effects.');
    expect(task).toMatchObject({
      kind: 'prescription_change',
      patient: { _id: patient.id },
      subscription: { name: 'Generic Rapamycin' },
      request_type: 'RaiseDosage',
      comment: 'Feeling great, no side effects.',
    });
  });

  it('a physician approves with a new prescription: the subscription is active again and the patient told', async () => {
    const { patient, subscription, task } = await requested('RaiseDosage');
    expect((await subscriptionOf(subscription)).status).toBe('prescription_requested');
    expect((await resolve(task._id, { decision: 'approve', prescription }, tokens.care!)).statusCode).toBe(
      403,
    );
    const res = await resolve(task._id, { decision: 'approve', prescription });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({
      _id: task._id,
      resolution: 'approved',
      subscription: { _id: subscription, status: 'active' },
    });
    const after = await subscriptionOf(subscription);
    expect(after.status).toBe('active');
    expect(after.prescriptions.at(-1)!.medication.strength).toBe('6 mg');
    expect(await lastNotice(patient)).toMatch(/^Your physician approved your request \(raise my dosage\)/);
    const open = json<CareTasks>(
      await t.app.inject({ url: `/care/${org}/tasks`, headers: bearer(tokens.care!) }),
    );
    expect(open.items.map((i) => i._id)).not.toContain(task._id);
    const again = await resolve(task._id, { decision: 'decline', message: 'No.' });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ text: 'RequestAlreadyResolved' });
  });

  it('a physician declines with a message: the status comes back and the patient reads the message', async () => {
    const { patient, subscription, task } = await requested('LowerDosage');
    expect((await resolve(task._id, { decision: 'decline', message: ' ' })).statusCode).toBe(400);
    const res = await resolve(task._id, {
      decision: 'decline',
      message: 'Please keep the current dose until your next labs.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await subscriptionOf(subscription)).status).toBe('active');
    expect(await lastNotice(patient)).toContain('Please keep the current dose until your next labs.');
  });

  it('checks the new prescription and the physician’s license', async () => {
    const { task } = await requested('Other', 'Switch to the compounded form?');
    const bad = await resolve(task._id, {
      decision: 'approve',
      prescription: { ...prescription, expires_on: '2020-01-01' },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await resolve('f'.repeat(24), { decision: 'decline', message: 'x' });
    expect(unknown.statusCode).toBe(404);
  });
});
