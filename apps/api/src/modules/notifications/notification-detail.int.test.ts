import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;
let otherOrg: string;
let alice: Awaited<ReturnType<typeof signupPatient>>;
let notice: string;

/** A signed-in member of an organization's staff. */
async function staff(organization: string) {
  const p = await signupPatient(t.app, organization);
  await rows(t.database, sql`update users set role = 'care_team' where id = ${p.id}`);
  const login = await t.app.inject({
    method: 'POST',
    url: `/login/${organization}`,
    payload: { email: p.email, password: p.password },
  });
  expect(login.statusCode, login.body).toBe(200);
  return json<{ token: string }>(login).token;
}

const read = (id: string, token?: string) =>
  t.app.inject({ url: `/v2/notifications/${id}`, ...(token ? { headers: bearer(token) } : {}) });

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  otherOrg = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }))._id;
  alice = await signupPatient(t.app, org);
  notice = 'aaaaaaaaaaaaaaaaaaaa0001';
  await rows(
    t.database,
    sql`insert into notifications (id, user_id, organization_id, category, message, data, read, created_at)
        values (${notice}, ${alice.id}, ${org}, 'subscription', 'Your subscription renews on June 1.',
                '{"type":"other"}'::jsonb, false, timestamptz '2026-05-20 12:00:00+00')`,
  );
});
afterAll(() => t.close());

describe('GET /v2/notifications/{id}', () => {
  it('answers the patient their own notification, without marking it read', async () => {
    const res = await read(notice, alice.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({
      _id: notice,
      read: false,
      created_at: '2026-05-20T12:00:00.000Z',
      message: 'Your subscription renews on June 1.',
      category: 'subscription',
      data: { type: 'other' },
    });
    const [row] = await rows<{ read: boolean }>(
      t.database,
      sql`select read from notifications where id = ${notice}`,
    );
    expect(row?.read).toBe(false);
  });

  it('refuses another patient of the same clinic without showing the notification', async () => {
    const mallory = await signupPatient(t.app, org);
    const res = await read(notice, mallory.token);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('renews');
  });

  it('answers a patient of another clinic 404, as for an unknown id', async () => {
    const outsider = await signupPatient(t.app, otherOrg);
    expect((await read(notice, outsider.token)).statusCode).toBe(404);
    expect((await read('bbbbbbbbbbbbbbbbbbbbbbbb', alice.token)).statusCode).toBe(404);
  });

  it('lets staff of the patient’s clinic read it, and not staff of another clinic', async () => {
    const care = await staff(org);
    const res = await read(notice, care);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ _id: notice });
    expect((await read(notice, await staff(otherOrg))).statusCode).toBe(404);
  });

  it('answers a malformed id as an unknown one (404 in the error shape), and an anonymous caller 401', async () => {
    const bad = await read('not-an-id', alice.token);
    expect(bad.statusCode).toBe(404);
    expect(json(bad)).toMatchObject({ text: 'NotFound', message: expect.any(String) });
    expect((await read(notice)).statusCode).toBe(401);
  });

  it('records every read in the audit log against the patient', async () => {
    await read(notice, alice.token);
    await t.app.ctx.audit.flush();
    const audit = await rows<{ outcome: string }>(
      t.database,
      sql`select outcome from audit_log
           where patient_id = ${alice.id} and action = 'GET /v2/notifications/:id' order by at`,
    );
    expect(audit.map((r) => r.outcome)).toContain('allowed');
    expect(audit.map((r) => r.outcome)).toContain('denied');
  });
});
