import type { Intake } from '@portal/domain/contracts/intake';
import type { Subscription } from '@portal/domain/contracts/subscription';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

let t: TestApp;
let org: string;
let genericTemplate: string;
let genericProduct: string;
let oneTimeProduct: string | undefined;
let membership: { id: string; priceId: string; otherPriceId: string };

type Patient = Awaited<ReturnType<typeof signupPatient>>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  const [template] = await rows<{ id: string }>(
    t.database,
    sql`select id from intake_templates where organization_id = ${org} and slug = 'generic-rapamycin'`,
  );
  genericTemplate = template!.id;
  const [product] = await rows<{ id: string }>(
    t.database,
    sql`select p.id from products p join product_templates pt on pt.id = p.product_template_id
        where pt.organization_id = ${org} and pt.slug = 'generic-rapamycin' and p.pricing_type = 'recurring'
        order by p.interval_count limit 1`,
  );
  genericProduct = product!.id;
  oneTimeProduct = (
    await rows<{ id: string }>(
      t.database,
      sql`select id from products where organization_id = ${org} and pricing_type = 'one_time' and active limit 1`,
    )
  )[0]?.id;
  const prices = await rows<{ id: string; membership_id: string }>(
    t.database,
    sql`select mp.id, mp.membership_id from membership_prices mp join memberships m on m.id = mp.membership_id
        where m.organization_id = ${org} and mp.active order by mp.interval_count`,
  );
  membership = { id: prices[0]!.membership_id, priceId: prices[0]!.id, otherPriceId: prices[1]!.id };
});
afterAll(() => t.close());

async function createIntake(who: Patient): Promise<Intake> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/users/${org}/user/${who.id}/template/${genericTemplate}`,
    headers: bearer(who.token),
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<Intake>(res);
}

const subscribe = (who: Patient, payload: object, productId = genericProduct) =>
  t.app.inject({
    method: 'POST',
    url: `/v2/subscriptions/product/${productId}`,
    headers: bearer(who.token),
    payload,
  });

const subscriptionsOf = (userId: string) =>
  rows<{ id: string; status: string; type: string; intake_id: string | null }>(
    t.database,
    sql`select id, status, type, intake_id from subscriptions where user_id = ${userId}`,
  );

describe('POST /v2/subscriptions/product/{productId}', () => {
  it('creates one subscription awaiting physician review, attached to the intake; a retry answers it again', async () => {
    const patient = await signupPatient(t.app, org);
    const intake = await createIntake(patient);
    const first = await subscribe(patient, { quantity: 1, promo_code: 'WELCOME20', intake: intake._id });
    expect(first.statusCode, first.body).toBe(201);
    const sub = json<Subscription>(first);
    expect(sub).toMatchObject({
      status: 'awaiting_physician_review',
      type: 'medication',
      intake: intake._id,
      promo_code: 'WELCOME20',
      subscription_id: null,
    });
    expect(sub.product_plans[0]).toMatchObject({
      product: genericProduct,
      quantity: 1,
      product_template: { name: expect.any(String), product_name: expect.any(String) },
    });

    const retry = await subscribe(patient, { quantity: 1, promo_code: 'WELCOME20', intake: intake._id });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(json<Subscription>(retry)._id).toBe(sub._id);
    expect(await subscriptionsOf(patient.id)).toHaveLength(1);

    const stored = json<Intake>(
      await t.app.inject({
        url: `/intakes/${org}/patient/${patient.id}/patient-intake/${intake._id}`,
        headers: bearer(patient.token),
      }),
    );
    expect(stored.subscriptions).toEqual([sub._id]);
    // The redemption waits for the visit's completion.
    expect(
      await rows(t.database, sql`select id from coupon_redemptions where user_id = ${patient.id}`),
    ).toHaveLength(0);
  });

  it('creates one subscription under concurrent submits', async () => {
    const patient = await signupPatient(t.app, org);
    const intake = await createIntake(patient);
    const results = await Promise.all([1, 2, 3].map(() => subscribe(patient, { intake: intake._id })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(results.map((r) => json<Subscription>(r)._id)).size).toBe(1);
    expect(await subscriptionsOf(patient.id)).toHaveLength(1);
  });

  it("refuses another patient's intake, unknown products, one-time products and bad bodies", async () => {
    const owner = await signupPatient(t.app, org);
    const other = await signupPatient(t.app, org);
    const intake = await createIntake(owner);
    expect((await subscribe(other, { intake: intake._id })).statusCode).toBe(404);
    expect((await subscribe(other, {}, 'a'.repeat(24))).statusCode).toBe(404);
    if (oneTimeProduct) expect((await subscribe(other, {}, oneTimeProduct)).statusCode).toBe(400);
    expect((await subscribe(other, { quantity: 0 })).statusCode).toBe(400);
    expect((await subscribe(other, { quantity: 1, extra: true })).statusCode).toBe(400);
    expect((await subscribe(other, { promo_code: 'x'.repeat(500) })).statusCode).toBe(400);
    expect(await subscriptionsOf(other.id)).toHaveLength(0);
  });
});

describe('POST /memberships/{org}/membership/{id}/price/{priceId}/start', () => {
  const start = (who: Patient, priceId = membership.priceId, patientId = who.id) =>
    t.app.inject({
      method: 'POST',
      url: `/memberships/${org}/membership/${membership.id}/price/${priceId}/start`,
      headers: bearer(who.token),
      payload: { data: { patient_id: patientId, stripe_customer_id: null } },
    });

  it('starts a membership once per patient and sets users.membership_id', async () => {
    const patient = await signupPatient(t.app, org);
    const first = await start(patient);
    expect(first.statusCode, first.body).toBe(201);
    expect(json(first)).toMatchObject({
      status: 'awaiting_physician_review',
      type: 'coaching_membership',
      membership: membership.id,
    });
    const second = await start(patient);
    expect(second.statusCode).toBe(200);
    expect(json<Subscription>(second)._id).toBe(json<Subscription>(first)._id);
    const again = await start(patient, membership.otherPriceId);
    expect(again.statusCode).toBe(200);
    expect(await subscriptionsOf(patient.id)).toHaveLength(1);
    const user = json<{ membership: { id: string } | null }>(
      await t.app.inject({ url: `/users/${org}/user/${patient.id}/patient`, headers: bearer(patient.token) }),
    );
    expect(user.membership).toEqual({ id: membership.id });
  });

  it('refuses another patient and a price of another membership', async () => {
    const patient = await signupPatient(t.app, org);
    const other = await signupPatient(t.app, org);
    expect((await start(other, membership.priceId, patient.id)).statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: `/memberships/${org}/membership/${'b'.repeat(24)}/price/${membership.priceId}/start`,
      headers: bearer(patient.token),
      payload: { data: { patient_id: patient.id } },
    });
    expect(res.statusCode).toBe(404);
    expect(await subscriptionsOf(patient.id)).toHaveLength(0);
  });
});

describe('GET /users/{org}/user/{patient}/subscriptions', () => {
  it("lists the patient's subscriptions with status and product plans, and no one else's", async () => {
    const patient = await signupPatient(t.app, org);
    const other = await signupPatient(t.app, org);
    const url = (who: Patient) => `/users/${org}/user/${who.id}/subscriptions`;
    const empty = await t.app.inject({ url: url(patient), headers: bearer(patient.token) });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(json<Subscription[]>(empty)).toEqual([]);

    const created = json<Subscription>(await subscribe(patient, { quantity: 1 }));
    const listed = json<Subscription[]>(
      await t.app.inject({ url: url(patient), headers: bearer(patient.token) }),
    );
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      _id: created._id,
      status: 'awaiting_physician_review',
      // Generic Rapamycin is a card of protocol selection: the patient's protocol (001 §4 label)
      product_plans: [
        { product: genericProduct, product_template: { name: 'Generic Rapamycin', protocol: true } },
      ],
    });

    const foreign = await t.app.inject({ url: url(patient), headers: bearer(other.token) });
    expect(foreign.statusCode).toBe(403);
    const theirs = json<Subscription[]>(
      await t.app.inject({ url: url(other), headers: bearer(other.token) }),
    );
    expect(theirs).toEqual([]);
  });
});
