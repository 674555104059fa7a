import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;
let otherOrg: string;
let victim: Awaited<ReturnType<typeof signupPatient>>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  otherOrg = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }))._id;
  victim = await signupPatient(t.app, org, { first_name: 'Victoria', last_name: 'Victimson' });
});
afterAll(() => t.close());

/** Fills every path parameter with the victim's ids: its organization, its user id for anything else. */
function urlFor(pattern: string, victimOrg: string, victimId: string): string {
  return pattern.replace(/:([A-Za-z_]+)/g, (_m, name: string) =>
    /^org(Id)?$/.test(name) ? victimOrg : victimId,
  );
}

async function walkAs(token: string, label: string) {
  const guarded = t.app.apiRoutes.filter((r) => r.access.kind !== 'public');
  expect(guarded.length).toBeGreaterThan(0);
  // Routes serving the caller's own data (like logout) run last, so they cannot end the token early.
  const ordered = [
    ...guarded.filter((r) => r.access.kind !== 'user'),
    ...guarded.filter((r) => r.access.kind === 'user'),
  ];
  for (const route of ordered) {
    const res = await t.app.inject({
      method: route.method as 'GET',
      url: urlFor(route.url, org, victim.id),
      headers: bearer(token),
      ...(route.method === 'GET' || route.method === 'DELETE'
        ? {}
        : { payload: { email: 'hijack@example.com', first_name: 'Hijack' } }),
    });
    const where = `${label}: ${route.method} ${route.url}`;
    if (route.access.kind !== 'user') expect([401, 403, 404], where).toContain(res.statusCode);
    expect(res.statusCode, where).toBeLessThan(500);
    expect(res.body, where).not.toContain(victim.email);
    expect(res.body, where).not.toContain('Victimson');
  }
}

describe('access control over every registered route', () => {
  it('refuses another patient of the same organization on every route that names a patient', async () => {
    const attacker = await signupPatient(t.app, org);
    await walkAs(attacker.token, 'same organization');
  });

  it('refuses a patient of another organization on every guarded route', async () => {
    const outsider = await signupPatient(t.app, otherOrg);
    await walkAs(outsider.token, 'other organization');
  });

  it('refuses anonymous callers on every guarded route', async () => {
    for (const route of t.app.apiRoutes.filter((r) => r.access.kind !== 'public')) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: urlFor(route.url, org, victim.id),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('left the victim untouched', async () => {
    const res = await t.app.inject({
      url: `/users/${org}/user/${victim.id}/patient`,
      headers: bearer(victim.token),
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ email: victim.email, first_name: 'Victoria', last_name: 'Victimson' });
  });

  it('refuses a token used with another organization header', async () => {
    const res = await t.app.inject({
      url: `/users/${org}/user/${victim.id}/patient`,
      headers: { ...bearer(victim.token), organization: otherOrg },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('audit trail', () => {
  it('writes one row per read of patient data, allowed or refused, without tokens', async () => {
    const intruder = await signupPatient(t.app, org);
    // rows of earlier requests may still wait in the batched writer: write them before counting
    await t.app.ctx.audit.flush();
    const [before] = await rows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from audit_log where patient_id = ${victim.id}`,
    );
    const countBefore = before!.n;
    const ok = await t.app.inject({
      url: `/users/${org}/user/${victim.id}/patient`,
      headers: bearer(victim.token),
      remoteAddress: '10.9.9.9',
    });
    const denied = await t.app.inject({
      url: `/users/${org}/user/${victim.id}/patient`,
      headers: bearer(intruder.token),
    });
    expect(ok.statusCode).toBe(200);
    expect(denied.statusCode).toBe(403);
    await t.app.ctx.audit.flush();
    const audit = await rows(
      t.database,
      sql`select actor_id, organization_id, patient_id, action, outcome, status_code, client_address, request_id from audit_log where patient_id = ${victim.id} order by id`,
    );
    expect(audit.length).toBe(countBefore + 2);
    const [allowed, refused] = audit.slice(-2);
    expect(allowed).toMatchObject({
      actor_id: victim.id,
      organization_id: org,
      action: 'GET /users/:org/user/:id/patient',
      outcome: 'allowed',
      status_code: 200,
      client_address: '10.9.9.9',
      request_id: ok.headers['x-request-id'],
    });
    expect(refused).toMatchObject({ actor_id: intruder.id, outcome: 'denied', status_code: 403 });
    expect(JSON.stringify(audit)).not.toContain(victim.token);
  });

  it('cannot be edited or deleted by the application', async () => {
    await expect(t.database.db.execute(sql`update audit_log set outcome = 'allowed'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    const [left] = await rows<{ n: number }>(t.database, sql`select count(*)::int as n from audit_log`);
    expect(left!.n).toBeGreaterThan(0);
  });
});

describe('response headers', () => {
  it('sends security headers and no-store on API answers', async () => {
    const res = await t.app.inject({
      url: `/users/${org}/user/${victim.id}/patient`,
      headers: bearer(victim.token),
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
