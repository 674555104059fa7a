import { randomUUID } from 'node:crypto';
import type { CareDecisionResult } from '@portal/domain/contracts/care';
import type { SubscriptionDetails } from '@portal/domain/contracts/subscription';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionProductPlan } from '../../db/schema/subscriptions';
import { bearer, createTestApp, json, rows, type TestApp } from '../../test/harness';
import { type CheckoutKit, checkoutKit, type Patient, VALID_SHIPPING } from '../checkout/checkout-test-kit';
import { RENEWAL_QUEUE } from '../subscriptions/renewal-job';

/**
 * How the approval of a visit starts billing with 002 §3's pricing fields (decision 045): a trial defers
 * the first charge to approval + its days, a one-time fee is charged once with the first charge, and the
 * coaching product's enrolment fee is charged with the membership it joins. The visits take rapamycin 2 mg
 * for 12 months at 8 tablets a month ($2,616.00 a year), given a trial or a fee for the test; the seeded
 * monthly coaching plan has a $49.00 enrolment fee.
 */

let t: TestApp;
let kit: CheckoutKit;
let physician: string;
const START = new Date('2026-06-10T17:00:00.000Z');
const APPROVED = new Date('2026-06-13T09:30:00.000Z');
const DAY = 86_400_000;
let clock = new Date(START);
const prescription = {
  medication: 'Sirolimus (generic rapamycin)',
  strength: '2 mg',
  instructions: 'Take four tablets once a week with food.',
  expires_on: '2027-06-01',
};

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' },
    { now: () => new Date(clock) },
  );
  kit = await checkoutKit(t);
  const res = await t.app.inject({
    method: 'POST',
    url: `/login/${kit.org}`,
    payload: { email: 'physician@evergreen.test', password: 'Demo1234!' },
  });
  physician = json<{ token: string }>(res).token;
});
afterAll(() => t.close());
afterEach(() => {
  clock = new Date(START);
});

/** A new patient's visit with these products, checked out (the quarterly membership) at START. */
async function submittedVisit(products: (string | object)[]): Promise<{ patient: Patient; intake: string }> {
  const patient = await kit.patient();
  const intake = await kit.visit(patient, products);
  const m = kit.membership(3);
  const res = await kit.submit(patient, randomUUID(), {
    kind: 'consultation',
    intake,
    membership: { membership: m.membership, price: m.price },
    shipping: VALID_SHIPPING,
    payment: { method: 'new_card', token: await kit.token() },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { patient, intake };
}

const approve = (intake: string) =>
  t.app.inject({
    method: 'POST',
    url: `/care/${kit.org}/visits/${intake}/approve`,
    headers: bearer(physician),
    payload: { prescription },
  });

type SubscriptionRow = {
  id: string;
  type: string;
  status: string;
  product_plans: SubscriptionProductPlan[];
  current_period_start: Date | null;
  current_period_end: Date | null;
};
/** The patient's subscriptions, the membership last. */
const subscriptionsOf = (who: Patient) =>
  rows<SubscriptionRow>(
    t.database,
    sql`select id, type, status, product_plans, current_period_start, current_period_end from subscriptions
        where user_id = ${who.id} and status <> 'canceled' order by type desc, id`,
  );
const invoicesOf = (subscriptionId: string) =>
  rows<{ amount_due: number; amount_paid: number; period_start: Date | null }>(
    t.database,
    sql`select amount_due, amount_paid, period_start from invoices
        where subscription_id = ${subscriptionId} order by period_start, created_at`,
  );
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const renewAt = async (at: Date) => {
  clock = at;
  await t.app.ctx.jobs.runDue({ queues: [RENEWAL_QUEUE] });
};
const listOf = async (who: Patient) => {
  const res = await t.app.inject({
    url: `/users/${kit.org}/user/${who.id}/subscriptions`,
    headers: bearer(who.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<SubscriptionDetails[]>(res);
};

const YEAR_PLAN = 261_600;
const rapamycin = () => kit.product('generic-rapamycin', 12, '2 mg');
const rapamycinVisit = () => submittedVisit([{ product: rapamycin().id, quantity: 8 }]);
/** Gives the visit's product pricing fields for one test. */
async function withPricing(fields: ReturnType<typeof sql>, test: () => Promise<void>) {
  const id = rapamycin().id;
  await t.database.db.execute(sql`update products set ${fields} where id = ${id}`);
  try {
    await test();
  } finally {
    await t.database.db.execute(
      sql`update products set one_time_fee = 0, trial_period_days = 0 where id = ${id}`,
    );
  }
}

describe('approval of a visit whose plan has a trial', () => {
  it('charges nothing for it at approval, trials until approval + 14 days, then bills the plan and never a fee', () =>
    withPricing(sql`trial_period_days = 14`, async () => {
      const { patient, intake } = await rapamycinVisit();
      clock = new Date(APPROVED);
      const res = await approve(intake);
      expect(res.statusCode, res.body).toBe(200);
      const result = json<CareDecisionResult>(res);

      const [urolithin, membership] = await subscriptionsOf(patient);
      expect(urolithin).toMatchObject({ type: 'medication', status: 'trialing' });
      expect(membership).toMatchObject({ type: 'coaching_membership', status: 'active' });
      const trialEnd = new Date(APPROVED.getTime() + 14 * DAY);
      // the trial runs from the approval, not from the checkout three days earlier
      expect(iso(urolithin!.current_period_start)).toBe(APPROVED.toISOString());
      expect(iso(urolithin!.current_period_end)).toBe(trialEnd.toISOString());
      expect(urolithin!.product_plans[0]).toMatchObject({
        trial_period_days: 14,
        trial_ends_at: trialEnd.toISOString(),
      });
      expect(result.subscriptions).toEqual(
        expect.arrayContaining([
          { _id: urolithin!.id, status: 'trialing' },
          { _id: membership!.id, status: 'active' },
        ]),
      );
      // only the quarterly membership is charged at approval
      expect(result.charged).toBe(39_900);
      expect((await invoicesOf(urolithin!.id)).reduce((sum, i) => sum + i.amount_paid, 0)).toBe(0);

      // the patient reads the trial's end
      const mine = (await listOf(patient)).find((s) => s._id === urolithin!.id)!;
      expect(mine).toMatchObject({ status: 'trialing', trial_end: trialEnd.toISOString() });
      expect(mine.product_plans[0]).toMatchObject({
        trial_period_days: 14,
        trial_ends_at: trialEnd.toISOString(),
      });
      expect(mine.product_plans[0]).not.toHaveProperty('one_time_fee');
      const one = await t.app.inject({
        url: `/users/${kit.org}/user/${patient.id}/subscription/${urolithin!.id}`,
        headers: bearer(patient.token),
      });
      expect(one.statusCode, one.body).toBe(200);
      expect(json<SubscriptionDetails>(one)).toMatchObject({
        status: 'trialing',
        trial_end: trialEnd.toISOString(),
      });
      expect((await listOf(patient)).find((s) => s._id === membership!.id)!.trial_end).toBeNull();

      // nothing is billed during the trial
      await renewAt(new Date(trialEnd.getTime() - 60_000));
      expect((await invoicesOf(urolithin!.id)).filter((i) => i.amount_paid > 0)).toEqual([]);
      // the trial's end bills the first period (the year's plan), a year later the next: never a fee
      await renewAt(new Date(trialEnd.getTime() + 60_000));
      await renewAt(new Date(trialEnd.getTime() + 366 * DAY));
      const billed = (await invoicesOf(urolithin!.id)).filter((i) => i.amount_due > 0);
      expect(billed.map((i) => [iso(i.period_start), i.amount_paid])).toEqual([
        [trialEnd.toISOString(), YEAR_PLAN],
        ['2027-06-27T09:30:00.000Z', YEAR_PLAN],
      ]);
      const [after] = await subscriptionsOf(patient);
      expect(after).toMatchObject({ status: 'active' });
      expect((await listOf(patient)).find((s) => s._id === urolithin!.id)!.trial_end).toBeNull();
    }));
});

describe('approval of a visit whose plan has a one-time fee', () => {
  it('charges the fee once, with the first charge, and renewals bill the plan alone', () =>
    withPricing(sql`one_time_fee = 2500`, async () => {
      const { patient, intake } = await rapamycinVisit();
      clock = new Date(APPROVED);
      const res = await approve(intake);
      expect(res.statusCode, res.body).toBe(200);
      const [sub, membership] = await subscriptionsOf(patient);
      expect(sub).toMatchObject({ type: 'medication', status: 'active' });
      expect(sub!.product_plans[0]).toMatchObject({
        one_time_fee: 2500,
        one_time_fee_paid_at: APPROVED.toISOString(),
      });
      // one invoice: the first period and the fee together
      expect((await invoicesOf(sub!.id)).map((i) => i.amount_paid)).toEqual([YEAR_PLAN + 2500]);
      expect(json<CareDecisionResult>(res).charged).toBe(YEAR_PLAN + 2500 + 39_900);
      // the membership has no fee of its own
      expect((await invoicesOf(membership!.id)).map((i) => i.amount_paid)).toEqual([39_900]);

      // a second approval is refused and charges nothing more
      expect((await approve(intake)).statusCode).toBe(409);
      expect(await invoicesOf(sub!.id)).toHaveLength(1);

      const mine = (await listOf(patient)).find((s) => s._id === sub!.id)!;
      expect(mine.trial_end).toBeNull();
      expect(mine.product_plans[0]).toMatchObject({
        one_time_fee: 2500,
        one_time_fee_paid_at: APPROVED.toISOString(),
      });

      // a year on, the renewal bills the plan alone
      await renewAt(new Date(APPROVED.getTime() + 366 * DAY));
      expect((await invoicesOf(sub!.id)).map((i) => i.amount_paid)).toEqual([YEAR_PLAN + 2500, YEAR_PLAN]);
    }));
});

describe('approval of a product added as it stands (by id, not configured)', () => {
  it('bills the price the checkout showed, not a share of it by the units a month', async () => {
    const product = rapamycin();
    const [{ unit_amount: price, units }] = (await rows<{ unit_amount: number; units: number | null }>(
      t.database,
      sql`select unit_amount, (plan_properties->>'units_per_month')::int as units from products
          where id = ${product.id}`,
    )) as [{ unit_amount: number; units: number | null }];
    // a product whose price covers several units a month: the case a pack count of 1 would have divided
    expect(units).toBeGreaterThan(1);
    const { patient, intake } = await submittedVisit([product.id]);
    clock = new Date(APPROVED);
    const res = await approve(intake);
    expect(res.statusCode, res.body).toBe(200);
    const [sub] = await subscriptionsOf(patient);
    expect(sub).toMatchObject({ type: 'medication', status: 'active' });
    expect(sub!.product_plans[0]).toMatchObject({ product: product.id, unit_amount: price });
    expect((await invoicesOf(sub!.id)).map((i) => i.amount_paid)).toEqual([price]);
    expect(json<CareDecisionResult>(res).charged).toBe(price + 39_900);
  });
});

describe('the coaching product of a visit joins the membership', () => {
  it('records its enrolment fee on the membership subscription, charged once with its first charge', async () => {
    const coaching = kit.product('longevity-coaching', 1).id;
    const { patient, intake } = await submittedVisit([coaching]);
    // no subscription of its own: the fee waits on the membership's plan, unpaid, nothing charged yet
    const before = await subscriptionsOf(patient);
    expect(before.map((s) => [s.type, s.status])).toEqual([
      ['coaching_membership', 'awaiting_physician_review'],
    ]);
    const membership = before[0]!;
    expect(membership.product_plans).toHaveLength(1);
    expect(membership.product_plans[0]!.one_time_fee).toBe(4900);
    expect(membership.product_plans[0]!.one_time_fee_paid_at).toBeUndefined();
    expect(await invoicesOf(membership.id)).toEqual([]);
    const waiting = (await listOf(patient)).find((s) => s._id === membership.id)!;
    expect(waiting.product_plans[0]).toMatchObject({ one_time_fee: 4900, one_time_fee_paid_at: null });

    // the same checkout's coaching step again (a retried request) records nothing more
    const again = await t.app.inject({
      method: 'POST',
      url: `/v2/subscriptions/product/${coaching}`,
      headers: bearer(patient.token),
      payload: { intake },
    });
    expect(again.statusCode, again.body).toBeLessThan(300);
    const [same] = await subscriptionsOf(patient);
    expect(same!.product_plans.map((p) => p.one_time_fee)).toEqual([4900]);

    clock = new Date(APPROVED);
    const res = await approve(intake);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<CareDecisionResult>(res).charged).toBe(39_900 + 4900);
    const [after] = await subscriptionsOf(patient);
    expect(after).toMatchObject({ id: membership.id, status: 'active' });
    expect(after!.product_plans[0]).toMatchObject({
      one_time_fee: 4900,
      one_time_fee_paid_at: APPROVED.toISOString(),
    });
    expect((await invoicesOf(membership.id)).map((i) => i.amount_paid)).toEqual([39_900 + 4900]);

    // the membership's renewal bills the membership alone
    await renewAt(new Date(APPROVED.getTime() + 93 * DAY));
    expect((await invoicesOf(membership.id)).map((i) => i.amount_paid)).toEqual([39_900 + 4900, 39_900]);
  });
});
