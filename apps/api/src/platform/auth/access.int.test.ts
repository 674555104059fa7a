import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;
let otherOrg: string;
let victim: Awaited<ReturnType<typeof signupPatient>>;
/** The victim's own resources: the walk names them, so an owner check that fails lets the request through. */
let owned: {
  intake: string;
  question: string;
  media: string;
  subscription: string;
  order: string;
  appointment: string;
  notification: string;
  conversation: string;
  message: string;
  labReport: string;
};
/** The lab panel of the victim's report: the clinic's catalogue, so not among what no answer may name. */
let victimLabPanel: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  otherOrg = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }))._id;
  victim = await signupPatient(t.app, org, { first_name: 'Victoria', last_name: 'Victimson' });
  owned = await victimResources();
});
afterAll(() => t.close());

async function victimResources(): Promise<typeof owned> {
  const as = bearer(victim.token);
  const ok = async (res: { statusCode: number; body: string }) => {
    expect(res.statusCode, res.body).toBeLessThan(300);
    return JSON.parse(res.body) as { _id: string };
  };
  await ok(
    await t.app.inject({
      method: 'PUT',
      url: `/users/${org}/${victim.id}`,
      headers: as,
      payload: { state: 'CA' },
    }),
  );
  const [template] = await rows<{ id: string }>(
    t.database,
    sql`select id from intake_templates where organization_id = ${org} order by id limit 1`,
  );
  const intake = await ok(
    await t.app.inject({
      method: 'POST',
      url: `/users/${org}/user/${victim.id}/template/${template!.id}`,
      headers: as,
    }),
  );
  const [question] = await rows<{ id: string }>(
    t.database,
    sql`select id from questions where template_id = ${template!.id} order by position limit 1`,
  );
  const photo = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } })
    .png()
    .toBuffer();
  const boundary = 'walk-boundary';
  const field = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `/patient-identification/${org}`,
    headers: { ...as, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      field('client_id', victim.id),
      field('image_type', 'profile_images'),
      field('reupload_image', 'false'),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const media = {
    _id: json<{ profile: { profile_url: string } }>(uploaded).profile.profile_url.split('/').at(-1)!,
  };
  const [recurring] = await rows<{ id: string }>(
    t.database,
    sql`select id from products where organization_id = ${org} and pricing_type = 'recurring' and active order by id limit 1`,
  );
  const subscription = await ok(
    await t.app.inject({
      method: 'POST',
      url: `/v2/subscriptions/product/${recurring!.id}`,
      headers: as,
      payload: { quantity: 1 },
    }),
  );
  const [lab] = await rows<{ id: string; template: string }>(
    t.database,
    sql`select p.id, p.product_template_id as template from products p
        join product_templates pt on pt.id = p.product_template_id
        where pt.organization_id = ${org} and pt.type = 'lab' and p.active order by p.id limit 1`,
  );
  const order = await ok(
    await t.app.inject({
      method: 'POST',
      url: '/v2/orders/patient',
      headers: as,
      payload: { product_template: lab!.template, product: lab!.id },
    }),
  );
  const slots = json<{ slots: { start_time: string }[] }>(
    await t.app.inject({ url: '/v2/appointments/availability?kind=coaching&days=14', headers: as }),
  ).slots;
  const appointment = await ok(
    await t.app.inject({
      method: 'POST',
      url: '/v2/appointments',
      headers: as,
      payload: { kind: 'coaching', start_time: slots[0]!.start_time },
    }),
  );
  const [notification] = await rows<{ id: string }>(
    t.database,
    sql`select id from notifications where user_id = ${victim.id} and read_at is null limit 1`,
  );
  return {
    intake: intake._id,
    question: question!.id,
    media: media._id,
    subscription: subscription._id,
    order: order._id,
    appointment: appointment._id,
    notification: notification!.id,
    ...(await victimConversation()),
    labReport: await victimLabReport(),
  };
}

/** A reviewed lab report of the victim's with one result, as the labs API would show it to them. */
async function victimLabReport() {
  const [panel] = await rows<{ id: string }>(
    t.database,
    sql`select id from lab_panels where organization_id = ${org} order by slug limit 1`,
  );
  victimLabPanel = panel!.id;
  const [report] = await rows<{ id: string }>(
    t.database,
    sql`insert into lab_reports (id, user_id, organization_id, panel_id, status, reviewed_at, collected_at)
        values (substr(md5(random()::text), 1, 24), ${victim.id}, ${org}, ${panel!.id}, 'reviewed', now(), now())
        returning id`,
  );
  await t.database.db.execute(
    sql`insert into lab_markers (id, report_id, code, name, unit, value, legend, category, category_slug)
        values (substr(md5(random()::text), 1, 24), ${report!.id}, 'apob', 'Apolipoprotein B', 'mg/dL', 77,
                '{"description": "ApoB"}'::jsonb, 'Heart', 'heart')`,
  );
  // readable by its owner: a walk answering it to anyone else would show its id
  const own = await t.app.inject({ url: `/v2/labs/results/${report!.id}`, headers: bearer(victim.token) });
  expect(own.statusCode, own.body).toBe(200);
  return report!.id;
}

/** The victim's conversation with the care team, holding a message of theirs. */
async function victimConversation() {
  const [conversation] = json<{ _id: string }[]>(
    await t.app.inject({ url: '/v2/conversations/patient', headers: bearer(victim.token) }),
  );
  const message = json<{ _id: string }>(
    await t.app.inject({
      method: 'PUT',
      url: `/conversations/${org}/patient/${victim.id}/conversation/${conversation!._id}`,
      headers: bearer(victim.token),
      payload: { text: 'A private question for my care team' },
    }),
  );
  return { conversation: conversation!._id, message: message._id };
}

/**
 * Fills every path parameter with the victim's ids: its organization, its user id, and for a parameter
 * that names a resource, the victim's own resource of that kind (catalogue ids need no owner).
 */
function urlFor(pattern: string, victimOrg: string, victimId: string): string {
  const resource = (name: string): string => {
    if (/^org(Id)?$/.test(name)) return victimOrg;
    if (name === 'intake') return owned.intake;
    if (name === 'cid') return owned.conversation;
    if (name === 'reportId') return owned.labReport;
    if (name === 'panelId') return victimLabPanel;
    if (['responseId', 'questionId', 'parent'].includes(name)) return owned.question;
    if (name === 'orderId' || name === 'planId') return name === 'orderId' ? owned.order : owned.subscription;
    if (name !== 'id') return victimId;
    if (/^\/v2\/intakes\/|\/patient-intake\/:id/.test(pattern)) return owned.intake;
    if (pattern.startsWith('/v2/media/')) return owned.media;
    if (pattern.startsWith('/v2/subscriptions/') || pattern.includes('/subscription/:id'))
      return owned.subscription;
    if (pattern.startsWith('/v2/orders/')) return owned.order;
    if (pattern.startsWith('/v2/notifications/')) return owned.notification;
    return victimId;
  };
  return pattern.replace(/:([A-Za-z_]+)/g, (_m, name: string) => resource(name));
}

/** A body that tries to change the victim and names the victim's resources wherever a route takes ids. */
const hostileBody = () => ({
  email: 'hijack@example.com',
  first_name: 'Hijack',
  appointment_id: owned.appointment,
  invoiceId: owned.appointment,
  subscription_id: owned.subscription,
  intake_id: owned.intake,
  order_id: owned.order,
});

const labsRead = (r: { method: string; url: string }) => r.method === 'GET' && r.url.startsWith('/v2/labs/');

async function walkAs(token: string, label: string) {
  const guarded = t.app.apiRoutes.filter((r) => r.access.kind !== 'public');
  expect(guarded.length).toBeGreaterThan(0);
  // Routes serving the caller's own data (like logout) run last, so they cannot end the token early.
  const ordered = [
    ...guarded.filter((r) => r.access.kind !== 'user'),
    // the labs reads before the rest: a write among those (logout) may end the session, and the labs
    // scope by the caller, so they must be walked with a live token to show they answer only the caller
    ...guarded.filter((r) => r.access.kind === 'user' && labsRead(r)),
    ...guarded.filter((r) => r.access.kind === 'user' && !labsRead(r)),
  ];
  for (const route of ordered) {
    const res = await t.app.inject({
      method: route.method as 'GET',
      url: urlFor(route.url, org, victim.id),
      headers: bearer(token),
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: hostileBody() }),
    });
    const where = `${label}: ${route.method} ${route.url}`;
    if (route.access.kind !== 'user') expect([401, 403, 404], where).toContain(res.statusCode);
    expect(res.statusCode, where).toBeLessThan(500);
    expect(res.body, where).not.toContain(victim.email);
    expect(res.body, where).not.toContain('Victimson');
    expect(res.body, where).not.toContain('A private question');
    for (const id of Object.values(owned))
      expect(res.body, `${where} answers the victim's ${id}`).not.toContain(id);
  }
}

/** What the walk must not have changed: the victim's resources, each read as its owner. */
async function victimState() {
  const [state] = await rows(
    t.database,
    sql`select
          (select status from subscriptions where id = ${owned.subscription}) as subscription,
          (select canceled from appointments where id = ${owned.appointment}) as appointment,
          (select read_at is null from notifications where id = ${owned.notification}) as unread,
          (select products::text || closed::text || patient_complete::text from intakes where id = ${owned.intake}) as intake,
          (select status from orders where id = ${owned.order}) as order_status,
          (select count(*)::int from messages where conversation_id = ${owned.conversation}) as messages,
          (select patient_read::text || medical_team_read::text from conversations where id = ${owned.conversation}) as read_state`,
  );
  return state;
}

describe('access control over every registered route', () => {
  it('refuses another patient of the same organization on every route that names a patient or their resource', async () => {
    const before = await victimState();
    const attacker = await signupPatient(t.app, org);
    await walkAs(attacker.token, 'same organization');
    expect(await victimState()).toEqual(before);
  });

  it('refuses a patient of another organization on every guarded route', async () => {
    const before = await victimState();
    const outsider = await signupPatient(t.app, otherOrg);
    await walkAs(outsider.token, 'other organization');
    expect(await victimState()).toEqual(before);
  });

  it('refuses another clinic’s staff on every guarded route', async () => {
    const before = await victimState();
    const login = await t.app.inject({
      method: 'POST',
      url: `/login/${otherOrg}`,
      payload: { email: 'care@bluecrest.test', password: 'Demo1234!' },
    });
    expect(login.statusCode, login.body).toBe(200);
    await walkAs(json<{ token: string }>(login).token, 'other clinic’s staff');
    expect(await victimState()).toEqual(before);
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
    expect(res.headers['content-security-policy']).toContain('frame-src https://www.youtube-nocookie.com');
  });
});
