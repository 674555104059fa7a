import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../test/harness';
import type { RegisteredRoute } from './auth/access';
import { NUL_MESSAGE } from './input-checks';

let t: TestApp;
let org: string;
let patient: Awaited<ReturnType<typeof signupPatient>>;
/** An admin of the patient's organization: staff routes check their body only after the access check. */
let adminToken: string;
/**
 * A resource of each `owner` kind that the patient owns: the access check answers 404 for an unknown one
 * before the body is read, so bodies are only reached through a real resource.
 */
const owned: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '100000', RATE_LIMIT_ADDRESS: '100000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  patient = await signupPatient(t.app, org);
  const admin = await signupPatient(t.app, org);
  await rows(t.database, sql`update users set role = 'admin' where id = ${admin.id}`);
  adminToken = json<{ token: string }>(
    await t.app.inject({
      method: 'POST',
      url: `/login/${org}`,
      payload: { email: admin.email, password: admin.password },
    }),
  ).token;
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
  /** Staff routes refuse a patient before reading the body: their bodies are sent by the admin. */
  const as = (route: RegisteredRoute) => bearer(route.access.kind === 'staff' ? adminToken : patient.token);
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
        headers: { ...as(r), 'content-type': 'application/json' },
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
          headers: as(r),
          payload: payload as object,
        });
        // The schedulers' webhooks verify the signature before reading anything: an unsigned body is a 401.
        const signed = r.url.startsWith('/webhooks/scheduling/');
        expectErrorShape(res, `${label}: ${r.method} ${r.url}`, signed ? [401] : [400]);
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
        headers: { ...as(r), 'content-type': 'application/json' },
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

type OpenApiOperation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};

describe('NUL characters in any string of any route', () => {
  /** The route's operation in the API's own OpenAPI document: its query names and body fields. */
  const operation = (route: RegisteredRoute): OpenApiOperation => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
    const op = doc.paths[route.url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
    if (!op) throw new Error(`no OpenAPI operation for ${route.method} ${route.url}`);
    return op;
  };
  const fill = (route: RegisteredRoute, nul?: string) =>
    route.url.replace(/:([A-Za-z_]+)/g, (_m, n: string) => {
      const value = /^org(Id)?$/.test(n)
        ? org
        : route.access.kind === 'owner' && route.access.param === n
          ? owned[route.access.resource]!
          : patient.id;
      return n === nul ? `${value}%00` : value;
    });
  const send = (route: RegisteredRoute, url: string, payload?: unknown) =>
    t.app.inject({
      method: route.method as InjectOptions['method'],
      url,
      headers: bearer(adminToken),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const expectRefused = (res: { statusCode: number; body: string }, where: string, path: string) => {
    expectErrorShape(res, where, [400]);
    expect(JSON.parse(res.body), where).toEqual({
      text: 'ValidationError',
      message: NUL_MESSAGE,
      fields: [{ path, message: NUL_MESSAGE }],
    });
  };

  it('covers the routes it walks: every route has its OpenAPI operation, and many take input', () => {
    const routes = t.app.apiRoutes;
    for (const r of routes) operation(r);
    const withFields = routes.filter((r) =>
      Object.values(operation(r).requestBody?.content ?? {}).some((c) => c.schema?.properties),
    );
    const withQuery = routes.filter((r) => operation(r).parameters?.some((p) => p.in === 'query'));
    expect(withFields.length).toBeGreaterThan(20);
    expect(withQuery.length).toBeGreaterThan(3);
  });

  it('answers 400 in the error shape for NUL in every body field of every route', async () => {
    let sent = 0;
    for (const r of t.app.apiRoutes.filter((x) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(x.method))) {
      const contents = Object.values(operation(r).requestBody?.content ?? {});
      const fields = new Set(contents.flatMap((c) => Object.keys(c.schema?.properties ?? {})));
      for (const field of [...fields, 'unknown_field']) {
        const where = `${r.method} ${r.url} body.${field}`;
        expectRefused(await send(r, fill(r), { [field]: 'a\u0000b' }), where, `body.${field}`);
        sent += 1;
      }
      // Nested in an object and an array, and in a key.
      expectRefused(await send(r, fill(r), { x: { y: ['ok', '\u0000'] } }), `${r.url} nested`, 'body.x.y.1');
      expectRefused(await send(r, fill(r), { 'k\u0000': 'v' }), `${r.url} key`, 'body.k\\u0000');
    }
    expect(sent).toBeGreaterThan(100);
  });

  it('answers 400 for NUL in every query parameter and every path parameter of every route', async () => {
    for (const r of t.app.apiRoutes) {
      const names = (operation(r).parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      for (const name of [...names, 'tags']) {
        const where = `${r.method} ${r.url}?${name}`;
        expectRefused(await send(r, `${fill(r)}?${name}=%00`), where, `querystring.${name}`);
      }
      for (const [, name] of r.url.matchAll(/:([A-Za-z_]+)/g)) {
        const where = `${r.method} ${r.url} :${name}`;
        expectRefused(await send(r, fill(r, name)), where, `params.${name}`);
      }
    }
  });

  it('answers the probe’s requests with 400, also without a token', async () => {
    const cases: [InjectOptions, string][] = [
      [
        { method: 'POST', url: `/login/${org}`, payload: { email: 'a\u0000@example.com', password: 'x' } },
        'body.email',
      ],
      [{ url: '/v2/products?tags=%00' }, 'querystring.tags'],
      [{ url: `/users/${org}/user/%00/patient` }, 'params.id'],
    ];
    for (const [request, path] of cases)
      expectRefused(await t.app.inject(request), request.url as string, path);
    // A read inside a batch goes through the same check.
    const batch = await t.app.inject({
      method: 'POST',
      url: '/v2/batch',
      headers: bearer(patient.token),
      payload: {
        requests: [
          { method: 'GET', url: '/v2/products?tags=%00' },
          { method: 'GET', url: `/users/${org}/user/${patient.id}%00/patient` },
        ],
      },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    for (const answer of json<{ responses: { status: number; body: unknown }[] }>(batch).responses) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ text: 'ValidationError', message: NUL_MESSAGE });
    }
  });
});
