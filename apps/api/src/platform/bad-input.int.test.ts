import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../test/harness';
import type { RegisteredRoute } from './auth/access';

let t: TestApp;
let org: string;
let patient: Awaited<ReturnType<typeof signupPatient>>;
/**
 * A resource of each `owner` kind that the patient owns: the access check answers 404 for an unknown one
 * before the body is read, so bodies are only reached through a real resource.
 */
const owned: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '100000', RATE_LIMIT_ADDRESS: '100000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  patient = await signupPatient(t.app, org);
  const [template] = await rows<{ id: string }>(
    t.database,
    sql`select id from intake_templates where organization_id = ${org} and is_global`,
  );
  owned.intake = json<{ _id: string }>(
    await t.app.inject({
      method: 'POST',
      url: `/users/${org}/user/${patient.id}/template/${template!.id}`,
      headers: bearer(patient.token),
    }),
  )._id;
  const [oneTime] = await rows<{ id: string; template: string }>(
    t.database,
    sql`select id, product_template_id as template from products
        where organization_id = ${org} and pricing_type = 'one_time' and active limit 1`,
  );
  owned.order = json<{ _id: string }>(
    await t.app.inject({
      method: 'POST',
      url: '/v2/orders/patient',
      headers: bearer(patient.token),
      payload: { product_template: oneTime!.template, product: oneTime!.id },
    }),
  )._id;
  // A purchase (showcase details) is an order or a subscription.
  owned.purchase = owned.order;
  if (!owned.subscription) {
    const [recurring] = await rows<{ id: string }>(
      t.database,
      sql`select id from products where organization_id = ${org} and pricing_type = 'recurring' and active limit 1`,
    );
    owned.subscription = json<{ _id: string }>(
      await t.app.inject({
        method: 'POST',
        url: `/v2/subscriptions/product/${recurring!.id}`,
        headers: bearer(patient.token),
        payload: { quantity: 1 },
      }),
    )._id;
  }
});
afterAll(() => t.close());

const FIELDS = [
  'email',
  'password',
  'first_name',
  'last_name',
  'email_address',
  'new_password',
  'confirm_password',
  'reset_token',
  'birthday',
  'state',
  'mobile_number',
];
const long = 'x'.repeat(20_000);

function expectErrorShape(res: { statusCode: number; body: string }, where: string, statuses: number[]) {
  expect(statuses, `${where} -> ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
  const body = JSON.parse(res.body) as { text: unknown; message: unknown };
  expect(typeof body.text, where).toBe('string');
  expect(typeof body.message, where).toBe('string');
  expect(res.body, where).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
}

describe('bad input on every route', () => {
  const withBody = () => t.app.apiRoutes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method));
  const url = (route: RegisteredRoute) =>
    route.url.replace(/:([A-Za-z_]+)/g, (_m, n: string) => {
      if (/^org(Id)?$/.test(n)) return org;
      if (route.access.kind === 'owner' && route.access.param === n) {
        const id = owned[route.access.resource];
        if (!id) throw new Error(`add an owned '${route.access.resource}' to this test for ${route.url}`);
        return id;
      }
      return patient.id;
    });

  it('answers malformed JSON with 400 in the error shape', async () => {
    for (const r of withBody()) {
      const res = await t.app.inject({
        method: r.method as 'POST',
        url: url(r),
        headers: { ...bearer(patient.token), 'content-type': 'application/json' },
        payload: '{"email": "a@b.c",',
      });
      expectErrorShape(res, `${r.method} ${r.url}`, [400]);
    }
  });

  it('answers wrong types, missing fields and oversized strings with 400', async () => {
    const variants: [string, unknown][] = [
      ['wrong types', Object.fromEntries(FIELDS.map((f) => [f, { nested: [1, 2] }]))],
      ['array body', [1, 2, 3]],
      ['oversized strings', Object.fromEntries(FIELDS.map((f) => [f, long]))],
      ['numbers', Object.fromEntries(FIELDS.map((f) => [f, 12345]))],
    ];
    for (const r of withBody()) {
      if (r.url === '/v2/auth/logout') continue;
      for (const [label, payload] of variants) {
        const res = await t.app.inject({
          method: r.method as 'POST',
          url: url(r),
          headers: bearer(patient.token),
          payload: payload as object,
        });
        expectErrorShape(res, `${label}: ${r.method} ${r.url}`, [400]);
      }
    }
  });

  it('answers missing required fields with 400 on routes that have required fields', async () => {
    for (const path of [
      '/v2/users',
      `/login/${org}`,
      `/reset/${org}/password-reset-request`,
      `/users/${org}/${patient.id}/reset-password-token`,
    ]) {
      const method = path.includes('reset-password-token') ? 'PUT' : 'POST';
      const res = await t.app.inject({ method, url: path, payload: {} });
      expectErrorShape(res, path, [400]);
    }
  });

  it('answers a body over the limit with 413', async () => {
    for (const r of withBody()) {
      const res = await t.app.inject({
        method: r.method as 'POST',
        url: url(r),
        headers: { ...bearer(patient.token), 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'x'.repeat(1_100_000) }),
      });
      expectErrorShape(res, `${r.method} ${r.url}`, [413]);
    }
  });

  it('answers malformed ids and over-long parameters with 400 or 404, never 500', async () => {
    for (const r of t.app.apiRoutes.filter((x) => x.url.includes(':'))) {
      for (const bad of ['not-an-id', 'z'.repeat(24), '%00', 'a'.repeat(150)]) {
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: r.url.replace(/:([A-Za-z_]+)/g, bad),
          headers: bearer(patient.token),
          ...(r.method === 'GET' ? {} : { payload: {} }),
        });
        expectErrorShape(res, `${bad}: ${r.method} ${r.url}`, [400, 401, 403, 404]);
      }
    }
  });

  it('answers an unknown API path with 404 in the error shape', async () => {
    const res = await t.app.inject({ url: '/v2/does-not-exist', headers: { accept: 'application/json' } });
    expectErrorShape(res, 'unknown', [404]);
  });

  it('keeps data already saved when an update is refused', async () => {
    const before = json(
      await t.app.inject({ url: `/users/${org}/user/${patient.id}/patient`, headers: bearer(patient.token) }),
    );
    const res = await t.app.inject({
      method: 'PUT',
      url: `/users/${org}/${patient.id}`,
      headers: bearer(patient.token),
      payload: { first_name: 'Valid', weight: 'heavy' },
    });
    expect(res.statusCode).toBe(400);
    const after = json(
      await t.app.inject({ url: `/users/${org}/user/${patient.id}/patient`, headers: bearer(patient.token) }),
    );
    expect(after).toEqual(before);
  });
});
