import { BATCH_MAX } from '@portal/domain/contracts/batch';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;
let alice: Awaited<ReturnType<typeof signupPatient>>;
let bob: Awaited<ReturnType<typeof signupPatient>>;

type Batch = {
  responses: { status: number; body: unknown }[];
  follow_ups?: { url: string; status: number; body: unknown }[];
};

const batch = (token: string | null, urls: string[]) =>
  t.app.inject({
    method: 'POST',
    url: '/v2/batch',
    headers: token ? bearer(token) : {},
    payload: { requests: urls.map((url) => ({ method: 'GET', url })) },
  });

beforeAll(async () => {
  t = await createTestApp();
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  alice = await signupPatient(t.app, org);
  bob = await signupPatient(t.app, org);
});
afterAll(() => t.close());

describe('POST /v2/batch', () => {
  it('answers each read in order, as the same reads would answer alone', async () => {
    const urls = [
      `/users/${org}/user/${alice.id}/patient`,
      '/v2/notifications?page=1',
      `/intakes/${org}/patient/${alice.id}`,
    ];
    const res = await batch(alice.token, urls);
    expect(res.statusCode).toBe(200);
    const { responses } = json<Batch>(res);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    for (const [i, url] of urls.entries()) {
      const alone = await t.app.inject({ url, headers: bearer(alice.token) });
      expect(responses[i]!.body, url).toEqual(alone.json());
    }
  });

  it('checks every read with the caller’s own access: another patient’s data stays closed', async () => {
    const res = await batch(alice.token, [`/users/${org}/user/${bob.id}/patient`, '/v2/notifications']);
    const { responses } = json<Batch>(res);
    expect(responses[0]!.status).toBe(403);
    expect(responses[0]!.body).toMatchObject({ text: expect.any(String), message: expect.any(String) });
    expect(responses[1]!.status).toBe(200);
  });

  it('needs a signed-in caller, GETs only, no nested batch and at most the limit', async () => {
    expect((await batch(null, ['/v2/notifications'])).statusCode).toBe(401);
    const post = await t.app.inject({
      method: 'POST',
      url: '/v2/batch',
      headers: bearer(alice.token),
      payload: { requests: [{ method: 'POST', url: '/v2/notifications/read-all' }] },
    });
    expect(post.statusCode).toBe(400);
    expect((await batch(alice.token, ['/v2/batch'])).statusCode).toBe(400);
    expect((await batch(alice.token, ['https://elsewhere.example/x'])).statusCode).toBe(400);
    expect((await batch(alice.token, Array(BATCH_MAX + 1).fill('/v2/notifications'))).statusCode).toBe(400);
    expect((await batch(alice.token, [])).statusCode).toBe(400);
  });

  it('passes an unknown path through as its own 404', async () => {
    const { responses } = json<Batch>(await batch(alice.token, ['/v2/no-such-thing']));
    expect(responses[0]!.status).toBe(404);
  });

  it('answers a read named twice in order, and runs it once', async () => {
    const url = `/intakes/${org}/patient/${alice.id}`;
    const once = await batch(alice.token, [url]);
    expect(once.statusCode).toBe(200);
    // every read that runs leaves its audit row: one row for the list means it ran once
    const listReads = async () => {
      const [row] = await rows<{ n: number }>(
        t.database,
        sql`select count(*)::int as n from audit_log where actor_id = ${alice.id} and action = 'GET /intakes/:org/patient/:user'`,
      );
      return row!.n;
    };
    const before = await listReads();
    const twice = await batch(alice.token, [url, '/v2/notifications?page=1', url]);
    expect(twice.statusCode).toBe(200);
    expect(await listReads()).toBe(before + 1);
    const { responses } = json<Batch>(twice);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(responses[2]).toEqual(responses[0]);
    expect(responses[0]!.body).toEqual(json<Batch>(once).responses[0]!.body);
  });

  it('makes the reads a visits read names to follow, as soon as the visits are in, each checked as if alone', async () => {
    const templates = await rows<{ id: string; slug: string }>(
      t.database,
      sql`select id, slug from intake_templates where organization_id = ${org} and slug = 'generic-rapamycin'`,
    );
    const templateId = templates[0]!.id;
    const created = await t.app.inject({
      method: 'POST',
      url: `/users/${org}/user/${alice.id}/template/${templateId}`,
      headers: bearer(alice.token),
    });
    expect(created.statusCode, created.body).toBe(201);

    const incomplete = `/intakes/${org}/patient/${alice.id}/incomplete`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/batch',
      headers: bearer(alice.token),
      payload: {
        requests: [
          { method: 'GET', url: incomplete, follow: 'continue-templates' },
          { method: 'GET', url: '/v2/notifications?page=1' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { responses, follow_ups } = json<Batch>(res);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    const url = `/intake-template/${org}/template/${templateId}`;
    expect(follow_ups?.map((f) => [f.url, f.status])).toEqual([[url, 200]]);
    const alone = await t.app.inject({ url, headers: bearer(alice.token) });
    expect(follow_ups![0]!.body).toEqual(alone.json());

    // another patient's visits answer 403: nothing follows from them
    const refused = await t.app.inject({
      method: 'POST',
      url: '/v2/batch',
      headers: bearer(bob.token),
      payload: { requests: [{ method: 'GET', url: incomplete, follow: 'continue-templates' }] },
    });
    expect(json<Batch>(refused).responses[0]!.status).toBe(403);
    expect(json<Batch>(refused).follow_ups).toBeUndefined();
  });

  it('refuses a follow-up it does not know with a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/batch',
      headers: bearer(alice.token),
      payload: { requests: [{ method: 'GET', url: '/v2/notifications', follow: 'every-template' }] },
    });
    expect(res.statusCode).toBe(400);
  });
});
