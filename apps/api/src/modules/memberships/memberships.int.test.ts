import type { Membership, MembershipPrice } from '@portal/domain/contracts/membership';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let orgA: string;
let orgB: string;
let token: string;
type Seeded = { membership: string; monthly: string; quarterly: string };
let a: Seeded;
let b: Seeded;

async function seeded(org: string): Promise<Seeded> {
  const found = await rows<{ membership: string; price: string; interval_count: number }>(
    t.database,
    sql`select m.id as membership, p.id as price, p.interval_count from memberships m
        join membership_prices p on p.membership_id = m.id where m.organization_id = ${org}`,
  );
  const price = (months: number) => found.find((r) => r.interval_count === months)!.price;
  return { membership: found[0]!.membership, monthly: price(1), quarterly: price(3) };
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  orgB = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }))._id;
  token = (await signupPatient(t.app, orgA)).token;
  a = await seeded(orgA);
  b = await seeded(orgB);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = bearer(token)) => t.app.inject({ url, headers });

describe('memberships', () => {
  it('serves a membership with its features, included products, booking link and prices', async () => {
    const res = await get(`/memberships/${orgA}/membership/${a.membership}`);
    expect(res.statusCode).toBe(200);
    const membership = json<Membership>(res);
    expect(membership).toMatchObject({ _id: a.membership, organization: orgA });
    expect(membership.name).toMatch(/Coaching$/);
    expect(membership.features.map((f) => f.title)).toContain('Monthly 1:1 sessions');
    expect(membership.included_products[0]).toMatchObject({ name: 'Longevity Essentials Panel' });
    expect(membership.event_link).toMatch(/^https:\/\//);
    expect(membership.prices.map((p) => p._id)).toEqual([a.monthly, a.quarterly]);
  });

  it('lists the prices of a membership, shortest interval first', async () => {
    const prices = json<MembershipPrice[]>(
      await get(`/memberships/${orgA}/membership/${a.membership}/prices`),
    );
    expect(prices).toEqual([
      expect.objectContaining({
        _id: a.monthly,
        membership: a.membership,
        unit_amount: 14900,
        default: false,
        recurring: { is_recurring: true, interval: 'month', interval_count: 1 },
      }),
      expect.objectContaining({
        _id: a.quarterly,
        unit_amount: 39900,
        default: true,
        recurring: { is_recurring: true, interval: 'month', interval_count: 3 },
      }),
    ]);
  });

  it('serves one price by id', async () => {
    const price = json<MembershipPrice>(await get(`/memberships/${orgA}/price/${a.quarterly}`));
    expect(price).toMatchObject({
      _id: a.quarterly,
      type: 'recurring',
      unit_amount: 39900,
      currency: 'usd',
      interval_count: 3,
    });
  });

  it("answers 404 for another organization's membership and price, 401 without a token", async () => {
    expect((await get(`/memberships/${orgA}/membership/${b.membership}`)).statusCode).toBe(404);
    expect((await get(`/memberships/${orgA}/membership/${b.membership}/prices`)).statusCode).toBe(404);
    expect((await get(`/memberships/${orgA}/price/${b.quarterly}`)).statusCode).toBe(404);
    expect((await get(`/memberships/${orgB}/price/${b.quarterly}`)).statusCode).toBe(404);
    expect((await get(`/memberships/${orgA}/price/${a.quarterly}`, {})).statusCode).toBe(401);
  });
});
