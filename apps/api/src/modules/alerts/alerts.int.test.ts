import type { Alert } from '@portal/domain/contracts/alert';
import type { CareChart, CareTask, CareTasks } from '@portal/domain/contracts/care';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;
let otherOrg: string;
const tokens: Record<string, string> = {};

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
  tokens.care = await logIn('care@evergreen.test', org);
  tokens.admin = await logIn('admin@evergreen.test', org);
  tokens.otherCare = await logIn('care@bluecrest.test', otherOrg);
});
afterAll(() => t.close());

const raise = (token: string, alertId: string, payload?: Record<string, unknown>, orgId = org) =>
  t.app.inject({
    method: 'POST',
    url: `/alerts/${orgId}/create/${alertId}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });

const tasks = async (token = tokens.care!) => {
  const res = await t.app.inject({ url: `/care/${org}/tasks`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return json<CareTasks>(res).items;
};
const alertTasks = (items: CareTask[], patientId: string) =>
  items.filter(
    (i): i is Extract<CareTask, { kind: 'patient_alert' }> =>
      i.kind === 'patient_alert' && i.patient._id === patientId,
  );

describe('POST /alerts/{org}/create/{alertId}', () => {
  it('the signed-in patient raises the ID/Profile Image Mismatch alert: it is an open task of the care team, with its label', async () => {
    const p = await signupPatient(t.app, org);
    const res = await raise(p.token, 'image-mismatch');
    expect(res.statusCode, res.body).toBe(201);
    const alert = json<Alert>(res);
    expect(alert).toMatchObject({
      kind: 'image-mismatch',
      label: 'ID/Profile Image Mismatch',
      patient_id: p.id,
      status: 'open',
    });

    const mine = alertTasks(await tasks(), p.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      _id: alert._id,
      patient: { _id: p.id, first_name: 'Pat' },
      alert: { kind: 'image-mismatch', label: 'ID/Profile Image Mismatch' },
      created_at: alert.created_at,
    });

    await t.app.ctx.audit.flush();
    const audited = await rows<{ status_code: number; actor_id: string }>(
      t.database,
      sql`select status_code, actor_id from audit_log
          where patient_id = ${p.id} and action = 'POST /alerts/:org/create/:alertId' order by id`,
    );
    expect(audited).toEqual([{ status_code: 201, actor_id: p.id }]);
  });

  it('is idempotent while the alert is open: a second call answers the open one, 200, and no second task', async () => {
    const p = await signupPatient(t.app, org);
    const first = json<Alert>(await raise(p.token, 'image-mismatch'));
    const second = await raise(p.token, 'image-mismatch', {});
    expect(second.statusCode, second.body).toBe(200);
    expect(json<Alert>(second)).toEqual(first);
    // at the same instant too: the unique index decides, never a duplicate
    const together = await Promise.all([raise(p.token, 'payment-failed'), raise(p.token, 'payment-failed')]);
    expect(together.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(together.map((r) => json<Alert>(r)._id)).size).toBe(1);

    const mine = alertTasks(await tasks(), p.id);
    expect(mine.map((task) => task.alert.kind).sort()).toEqual(['image-mismatch', 'payment-failed']);
    const [count] = await rows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from care_alerts where patient_id = ${p.id}`,
    );
    expect(count!.n).toBe(2);
  });

  it('once marked done, the same kind can be raised again as a new alert', async () => {
    const p = await signupPatient(t.app, org);
    const first = json<Alert>(await raise(p.token, 'identity-verification'));
    const done = await t.app.inject({
      method: 'POST',
      url: `/care/${org}/alerts/${first._id}/resolve`,
      headers: bearer(tokens.care!),
      payload: { outcome: 'Called the patient; new photos on their way.' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(json(done)).toMatchObject({ _id: first._id, kind: 'identity-verification' });
    expect(alertTasks(await tasks(), p.id)).toEqual([]);

    const chart = json<CareChart>(
      await t.app.inject({ url: `/care/${org}/patients/${p.id}/chart`, headers: bearer(tokens.care!) }),
    );
    expect(chart.notes.map((n) => n.body)).toContain(
      'Identity verification needed done: Called the patient; new photos on their way.',
    );

    const twice = await t.app.inject({
      method: 'POST',
      url: `/care/${org}/alerts/${first._id}/resolve`,
      headers: bearer(tokens.care!),
      payload: { outcome: 'Again.' },
    });
    expect(twice.statusCode).toBe(409);
    expect(json(twice)).toMatchObject({ text: 'AlertAlreadyResolved' });

    const again = await raise(p.token, 'identity-verification');
    expect(again.statusCode).toBe(201);
    expect(json<Alert>(again)._id).not.toBe(first._id);
  });

  it('an unknown alertId is a 400 in the error shape, and nothing is stored', async () => {
    const p = await signupPatient(t.app, org);
    for (const alertId of ['no-such-alert', 'Image-Mismatch', 'constructor']) {
      const res = await raise(p.token, alertId);
      expect(res.statusCode, alertId).toBe(400);
      expect(json(res)).toEqual({ text: 'UnknownAlert', message: expect.stringContaining(alertId) });
    }
    const bad = await raise(p.token, 'image-mismatch', { reason: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ text: expect.any(String), message: expect.any(String) });
    const [count] = await rows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from care_alerts where patient_id = ${p.id}`,
    );
    expect(count!.n).toBe(0);
  });

  it('a patient raises alerts about themself only; signed out is a 401; another organization in the path a 404', async () => {
    const p = await signupPatient(t.app, org);
    const other = await signupPatient(t.app, org);
    const forOther = await raise(p.token, 'image-mismatch', { patient_id: other.id });
    expect(forOther.statusCode).toBe(403);
    expect(json(forOther)).toMatchObject({ text: 'Forbidden' });
    expect(alertTasks(await tasks(), other.id)).toEqual([]);

    const anonymous = await t.app.inject({ method: 'POST', url: `/alerts/${org}/create/image-mismatch` });
    expect(anonymous.statusCode).toBe(401);

    const elsewhere = await raise(p.token, 'image-mismatch', undefined, otherOrg);
    expect(elsewhere.statusCode).toBe(404);
  });

  it('staff raise one on a patient’s behalf; another organization’s patient is not found; the patient is named', async () => {
    const p = await signupPatient(t.app, org);
    const res = await raise(tokens.admin!, 'payment-failed', { patient_id: p.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(json<Alert>(res)).toMatchObject({
      kind: 'payment-failed',
      label: 'Payment failed',
      patient_id: p.id,
    });
    expect(alertTasks(await tasks(tokens.admin), p.id).map((task) => task.alert.label)).toEqual([
      'Payment failed',
    ]);

    const unnamed = await raise(tokens.care!, 'payment-failed');
    expect(unnamed.statusCode).toBe(400);

    const theirs = await signupPatient(t.app, otherOrg);
    const foreign = await raise(tokens.care!, 'payment-failed', { patient_id: theirs.id });
    expect(foreign.statusCode).toBe(404);
    const staffMember = await rows<{ id: string }>(
      t.database,
      sql`select id from users where email = 'physician@evergreen.test'`,
    );
    const notPatient = await raise(tokens.care!, 'payment-failed', { patient_id: staffMember[0]!.id });
    expect(notPatient.statusCode).toBe(404);
    // the other clinic's staff neither see this clinic's alert nor resolve it
    const otherTasks = await t.app.inject({
      url: `/care/${otherOrg}/tasks`,
      headers: bearer(tokens.otherCare!),
    });
    expect(json<CareTasks>(otherTasks).items.some((i) => i.patient._id === p.id)).toBe(false);
    const resolveForeign = await t.app.inject({
      method: 'POST',
      url: `/care/${otherOrg}/alerts/${json<Alert>(res)._id}/resolve`,
      headers: bearer(tokens.otherCare!),
      payload: { outcome: 'Not ours.' },
    });
    expect(resolveForeign.statusCode).toBe(404);

    await t.app.ctx.audit.flush();
    const audited = await rows<{ status_code: number }>(
      t.database,
      sql`select status_code from audit_log
          where patient_id = ${theirs.id} and action = 'POST /alerts/:org/create/:alertId'`,
    );
    expect(audited).toEqual([{ status_code: 404 }]);
  });

  it('a patient may not mark an alert done', async () => {
    const p = await signupPatient(t.app, org);
    const alert = json<Alert>(await raise(p.token, 'image-mismatch'));
    const res = await t.app.inject({
      method: 'POST',
      url: `/care/${org}/alerts/${alert._id}/resolve`,
      headers: bearer(p.token),
      payload: { outcome: 'Done.' },
    });
    expect(res.statusCode).toBe(403);
  });
});
