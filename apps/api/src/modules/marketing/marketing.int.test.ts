import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
});
afterAll(() => t.close());

describe('marketing', () => {
  it('records the subscriber once and the tags in the events table', async () => {
    const patient = await signupPatient(t.app, org);
    const post = (path: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/users/${org}/patient/${patient.id}/${path}`,
        headers: bearer(patient.token),
        payload,
      });
    expect((await post('subscriber', {})).statusCode).toBe(200);
    expect((await post('subscriber', { patient: patient.id })).statusCode).toBe(200);
    expect(
      (await post('subscriber/tag', { tag: 'status:intake:incomplete', status: 'active' })).statusCode,
    ).toBe(200);
    const res = await post('subscriber/tag', { tag: 'status:intake:incomplete', status: 'inactive' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      patient: patient.id,
      subscribed: true,
      tags: [{ tag: 'status:intake:incomplete', status: 'inactive' }],
    });
    const recorded = await rows<{ name: string }>(
      t.database,
      sql`select name from events where user_id = ${patient.id} order by created_at`,
    );
    expect(recorded.filter((e) => e.name === 'marketing_subscriber')).toHaveLength(1);
    expect(recorded.filter((e) => e.name === 'marketing_tag')).toHaveLength(2);

    expect((await post('subscriber/tag', { tag: 'x', status: 'maybe' })).statusCode).toBe(400);
    expect((await post('subscriber/tag', { tag: '<script>', status: 'active' })).statusCode).toBe(400);
    expect(
      (await post('subscriber/tag', { tag: 'a', status: 'active', patient: 'f'.repeat(24) })).statusCode,
    ).toBe(400);
    const other = await signupPatient(t.app, org);
    const denied = await t.app.inject({
      method: 'POST',
      url: `/users/${org}/patient/${patient.id}/subscriber/tag`,
      headers: bearer(other.token),
      payload: { tag: 'a', status: 'active' },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('answers integration checks with enabled false', async () => {
    const patient = await signupPatient(t.app, org);
    const check = await t.app.inject({
      url: `/integrations/${org}/check?type=mailchimp`,
      headers: bearer(patient.token),
    });
    expect(check.statusCode).toBe(200);
    expect(json(check)).toEqual({ enabled: false });
    expect(
      (await t.app.inject({ url: `/integrations/${org}/check`, headers: bearer(patient.token) })).statusCode,
    ).toBe(400);
  });
});

describe('public campaigns', () => {
  const get = (key: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/marketing/campaigns/${key}/public`, headers });
  const campaignOf = async (organization: string) =>
    (
      await rows<{ id: string }>(
        t.database,
        sql`select id from campaigns where organization_id = ${organization} and slug = 'know-your-numbers'`,
      )
    )[0]!.id;

  it('answers the brand’s seeded campaign by id and by slug, with its product', async () => {
    const id = await campaignOf(org);
    const byId = await get(id);
    expect(byId.statusCode).toBe(200);
    const body = json<{
      _id: string;
      organization: string;
      type: string;
      headline: string;
      product_template: { type: string; name: string } | null;
    }>(byId);
    expect(body).toMatchObject({ _id: id, organization: org, type: 'lab', headline: 'Know your numbers' });
    expect(body.product_template).toMatchObject({ type: 'lab', name: 'Longevity Essentials Panel' });
    const bySlug = await get('know-your-numbers');
    expect(bySlug.statusCode).toBe(200);
    expect(json(bySlug)._id).toBe(id);
  });

  it('answers 404 for an unknown, inactive, ended or other organization’s campaign', async () => {
    const DAY = 86_400_000;
    const notFound = { text: 'NotFound', message: 'The campaign was not found.' };
    const unknown = await get('a'.repeat(24));
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toEqual(notFound);
    expect((await get('no-such-campaign')).statusCode).toBe(404);

    const otherOrg = json<{ _id: string }>(
      await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }),
    )._id;
    const foreign = await campaignOf(otherOrg);
    expect((await get(foreign)).statusCode).toBe(404);
    expect((await get(foreign, { organization: otherOrg })).statusCode).toBe(200);
    expect((await get(await campaignOf(org), { organization: otherOrg })).statusCode).toBe(404);

    await rows(t.database, sql`update campaigns set active = false where id = ${foreign}`);
    expect((await get(foreign, { organization: otherOrg })).statusCode).toBe(404);
    await rows(
      t.database,
      sql`update campaigns set active = true, ends_at = ${new Date(t.app.ctx.now().getTime() - DAY).toISOString()}::timestamptz where id = ${foreign}`,
    );
    expect((await get(foreign, { organization: otherOrg })).statusCode).toBe(404);
    await rows(
      t.database,
      sql`update campaigns set ends_at = null, starts_at = ${new Date(t.app.ctx.now().getTime() + DAY).toISOString()}::timestamptz where id = ${foreign}`,
    );
    expect((await get(foreign, { organization: otherOrg })).statusCode).toBe(404);
  });

  it('refuses a malformed key with 400', async () => {
    expect((await get('Not%20A%20Slug')).statusCode).toBe(400);
  });
});

describe("the clinic's events", () => {
  const logIn = async (email: string) =>
    json<{ token: string }>(
      await t.app.inject({
        method: 'POST',
        url: `/login/${org}`,
        payload: { email, password: 'Demo1234!' },
      }),
    ).token;

  it('lets the care team read its tags and conversions, newest first, by name', async () => {
    const patient = await signupPatient(t.app, org);
    await t.app.inject({
      method: 'POST',
      url: `/users/${org}/patient/${patient.id}/subscriber/tag`,
      headers: bearer(patient.token),
      payload: { tag: 'status:checkout:complete', status: 'active' },
    });
    const care = await logIn('care@evergreen.test');
    const res = await t.app.inject({
      url: `/marketing/${org}/events?name=marketing_tag&limit=5`,
      headers: bearer(care),
    });
    expect(res.statusCode).toBe(200);
    const page = json<{ docs: { name: string; user: string; properties: { tag?: string } }[]; page: number }>(
      res,
    );
    expect(page.docs.length).toBeGreaterThan(0);
    expect(page.docs.every((d) => d.name === 'marketing_tag')).toBe(true);
    expect(page.docs[0]).toMatchObject({ user: patient.id, properties: { tag: 'status:checkout:complete' } });
  });

  it('is closed to patients and to another clinic', async () => {
    const patient = await signupPatient(t.app, org);
    const asPatient = await t.app.inject({ url: `/marketing/${org}/events`, headers: bearer(patient.token) });
    expect(asPatient.statusCode).toBe(403);
    const other = json<{ _id: string }>(
      await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }),
    )._id;
    const care = await logIn('care@evergreen.test');
    const elsewhere = await t.app.inject({ url: `/marketing/${other}/events`, headers: bearer(care) });
    expect([403, 404]).toContain(elsewhere.statusCode);
  });
});
