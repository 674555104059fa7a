import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;
let otherOrg: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  otherOrg = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }))._id;
});
afterAll(() => t.close());

/** A staff member of the organization with the given role, signed in. */
async function staff(organization: string, role: 'admin' | 'care_team') {
  const p = await signupPatient(t.app, organization);
  await rows(t.database, sql`update users set role = ${role} where id = ${p.id}`);
  const login = await t.app.inject({
    method: 'POST',
    url: `/login/${organization}`,
    payload: { email: p.email, password: p.password },
  });
  expect(login.statusCode, login.body).toBe(200);
  return json<{ token: string }>(login).token;
}

/** A job for the organization that fails on its only attempt, so it is dead at once. */
async function deadJob(organization: string, queue: string) {
  const { jobs } = t.app.ctx;
  jobs.register(
    queue,
    async () => {
      throw new Error('the pharmacy did not answer');
    },
    { retryLimit: 0 },
  );
  await jobs.send(queue, { organizationId: organization });
  await jobs.runDue({ queues: [queue] });
}

describe('GET /v2/jobs/{org}/failed', () => {
  it("lists the clinic's dead jobs to its admin, without another clinic's", async () => {
    await deadJob(org, 'test-fulfilment');
    await deadJob(otherOrg, 'test-other-clinic');
    const admin = await staff(org, 'admin');
    const res = await t.app.inject({ url: `/v2/jobs/${org}/failed`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const { docs } = json<{
      docs: { queue: string; retry_count: number; error: unknown; failed_at: string }[];
    }>(res);
    expect(docs.map((d) => d.queue)).toEqual(['test-fulfilment']);
    expect(docs[0]).toMatchObject({ retry_count: 0, error: { message: 'the pharmacy did not answer' } });
    expect(Number.isNaN(Date.parse(docs[0]!.failed_at))).toBe(false);

    const byQueue = await t.app.inject({
      url: `/v2/jobs/${org}/failed?queue=test-nothing`,
      headers: bearer(admin),
    });
    expect(json<{ docs: unknown[] }>(byQueue).docs).toEqual([]);
  });

  it('refuses other staff, patients, another clinic and anonymous callers', async () => {
    const care = await staff(org, 'care_team');
    expect((await t.app.inject({ url: `/v2/jobs/${org}/failed`, headers: bearer(care) })).statusCode).toBe(
      403,
    );
    const patient = await signupPatient(t.app, org);
    expect(
      (await t.app.inject({ url: `/v2/jobs/${org}/failed`, headers: bearer(patient.token) })).statusCode,
    ).toBe(403);
    const foreignAdmin = await staff(otherOrg, 'admin');
    expect(
      (await t.app.inject({ url: `/v2/jobs/${org}/failed`, headers: bearer(foreignAdmin) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/v2/jobs/${org}/failed` })).statusCode).toBe(401);
  });
});
