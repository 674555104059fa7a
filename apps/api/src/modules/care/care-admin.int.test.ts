import type { CareAuditPage } from '@portal/domain/contracts/care';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;
let otherOrg: string;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

async function logIn(email: string, orgId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/login/${orgId}`,
    payload: { email, password: 'Demo1234!' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ token: string; user: { _id: string } }>(res);
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  otherOrg = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }))._id;
  for (const who of ['care', 'physician', 'admin']) {
    const session = await logIn(`${who}@evergreen.test`, org);
    tokens[who] = session.token;
    ids[who] = session.user._id;
  }
  tokens.otherAdmin = (await logIn('admin@bluecrest.test', otherOrg)).token;
});
afterAll(() => t.close());

const identity = (patientId: string, body: object, token = tokens.care!) =>
  t.app.inject({
    method: 'POST',
    url: `/care/${org}/patients/${patientId}/identity`,
    headers: bearer(token),
    payload: body,
  });

describe('identity verification', () => {
  it('verifies a patient: the badge follows and the name, sex and birthday are then locked', async () => {
    const patient = await signupPatient(t.app, org);
    const res = await identity(patient.id, { status: 'completed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ _id: patient.id, verification_status: 'completed', verified: true });
    const me = json<{ verified: boolean; verificationStatus: string }>(
      await t.app.inject({ url: `/users/${org}/user/${patient.id}/patient`, headers: bearer(patient.token) }),
    );
    expect(me).toMatchObject({ verified: true, verificationStatus: 'completed' });
    const rename = await t.app.inject({
      method: 'PUT',
      url: `/users/${org}/${patient.id}`,
      headers: bearer(patient.token),
      payload: { first_name: 'Someone' },
    });
    expect(rename.statusCode).toBe(400);
    expect(json(rename)).toMatchObject({ text: 'ProfileLocked' });
    const [note] = await rows<{ message: string }>(
      t.database,
      sql`select message from notifications where user_id = ${patient.id} and message like 'Your identity%'`,
    );
    expect(note!.message).toBe('Your identity has been verified. Thank you!');
  });

  it('rejects with a reason: new photos are asked for, and a reason is required', async () => {
    const patient = await signupPatient(t.app, org);
    expect((await identity(patient.id, { status: 'rejected' })).statusCode).toBe(400);
    const res = await identity(patient.id, { status: 'rejected', reason: 'The ID photo is cut off.' });
    expect(res.statusCode, res.body).toBe(200);
    const me = json<{ verified: boolean; image: { requires_user_attention?: boolean } }>(
      await t.app.inject({ url: `/users/${org}/user/${patient.id}/patient`, headers: bearer(patient.token) }),
    );
    expect(me.verified).toBe(false);
    expect(me.image.requires_user_attention).toBe(true);
  });

  it('is staff work of the same clinic: an admin, a patient and another clinic are refused', async () => {
    const patient = await signupPatient(t.app, org);
    expect((await identity(patient.id, { status: 'completed' }, tokens.admin!)).statusCode).toBe(403);
    expect((await identity(patient.id, { status: 'completed' }, patient.token)).statusCode).toBe(403);
    expect((await identity(patient.id, { status: 'completed' }, tokens.otherAdmin!)).statusCode).toBe(404);
    expect((await identity(ids.care!, { status: 'completed' }, tokens.physician!)).statusCode).toBe(404);
  });
});

describe('audit trail', () => {
  const audit = (query: string, token = tokens.admin!) =>
    t.app.inject({ url: `/care/${org}/audit${query}`, headers: bearer(token) });

  it('gives an admin the trail of a patient and of a staff member, newest first, page by page', async () => {
    const patient = await signupPatient(t.app, org);
    for (let i = 0; i < 3; i++) {
      const chart = await t.app.inject({
        url: `/care/${org}/patients/${patient.id}/chart`,
        headers: bearer(tokens.care!),
      });
      expect(chart.statusCode).toBe(200);
    }
    await t.app.ctx.audit.flush();
    const first = await audit(`?patient=${patient.id}&limit=2`);
    expect(first.statusCode, first.body).toBe(200);
    const page = json<CareAuditPage>(first);
    expect(page.items).toHaveLength(2);
    expect(page.items[0]).toMatchObject({
      actor: { _id: ids.care, first_name: 'Jordan', role: 'care_team' },
      patient: patient.id,
      action: 'GET /care/:org/patients/:id/chart',
      outcome: 'allowed',
      status_code: 200,
    });
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const p: CareAuditPage = json<CareAuditPage>(
        await audit(`?patient=${patient.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`),
      );
      all.push(...p.items.map((i) => i.at));
      cursor = p.next_cursor;
    } while (cursor);
    const [stored] = await rows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from audit_log where patient_id = ${patient.id}`,
    );
    expect(all).toHaveLength(stored!.n);
    expect([...all].sort().reverse()).toEqual(all);

    const byStaff = json<CareAuditPage>(await audit(`?actor=${ids.care}&limit=200`));
    expect(byStaff.items.every((i) => i.actor?._id === ids.care)).toBe(true);
    expect(byStaff.items.filter((i) => i.patient === patient.id)).toHaveLength(3);
  });

  it('is for admins of the clinic only, and names one subject', async () => {
    const patient = await signupPatient(t.app, org);
    expect((await audit(`?patient=${patient.id}`, tokens.care!)).statusCode).toBe(403);
    expect((await audit(`?patient=${patient.id}`, tokens.physician!)).statusCode).toBe(403);
    expect((await audit(`?patient=${patient.id}`, patient.token)).statusCode).toBe(403);
    expect((await audit(`?patient=${patient.id}`, tokens.otherAdmin!)).statusCode).toBe(404);
    expect((await audit('')).statusCode).toBe(400);
    expect((await audit(`?patient=${patient.id}&actor=${ids.care}`)).statusCode).toBe(400);
    expect((await audit(`?patient=${patient.id}&cursor=bm9wZQ`)).statusCode).toBe(400);
    const other = await t.app.inject({
      url: `/care/${otherOrg}/audit?patient=${patient.id}`,
      headers: bearer(tokens.otherAdmin!),
    });
    expect(other.statusCode).toBe(404);
  });
});
