import { randomUUID } from 'node:crypto';
import type { CheckoutResult } from '@portal/domain/contracts/checkout-submit';
import type { Product } from '@portal/domain/contracts/product';
import { billingStart } from '@portal/domain/pricing/plan-billing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SubscriptionProductPlan, subscriptions } from '../../db/schema/subscriptions';
import { bearer, createTestApp, json, rows, type TestApp } from '../../test/harness';
import { RENEWAL_QUEUE } from '../subscriptions/renewal-job';
import { type CheckoutKit, checkoutKit, type Patient, VALID_SHIPPING } from './checkout-test-kit';

/**
 * 002 §3's broader pricing fields through the checkout, on the seeded demo products: the monthly coaching
 * plan's $49.00 enrolment fee, Urolithin A monthly's 14-day trial, Omega-3 bought once by volume tiers
 * (1-2 at $39.00, 3-5 at $35.00, 6 or more at $31.00). The server's 'Total Due Now' is the panel's: an
 * expected total of anything else is refused before anything is done.
 */

let t: TestApp;
let kit: CheckoutKit;
let clock: Date;
const START = new Date('2026-06-10T17:00:00.000Z');
const DAY = 86_400_000;

beforeAll(async () => {
  clock = new Date(START);
  t = await createTestApp(
    { RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' },
    { now: () => new Date(clock) },
  );
  kit = await checkoutKit(t);
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
  clock = new Date(START);
});

const shop = (items: { product: string; quantity: number }[], token: string | null, over = {}) => ({
  kind: 'shop' as const,
  items,
  shipping: VALID_SHIPPING,
  payment: token ? { method: 'new_card' as const, token } : { method: 'saved_card' as const },
  ...over,
});

type SubscriptionRow = {
  id: string;
  status: string;
  product_plans: SubscriptionProductPlan[];
  current_period_start: Date | null;
  current_period_end: Date | null;
};
const subscriptionsOf = (who: Patient) =>
  rows<SubscriptionRow>(
    t.database,
    sql`select id, status, product_plans, current_period_start, current_period_end from subscriptions
        where user_id = ${who.id} and status <> 'canceled' order by created_at`,
  );
const ordersOf = (who: Patient) =>
  rows<{ quantity: number; amount: number; subtotal_amount: number; status: string }>(
    t.database,
    sql`select quantity, amount, subtotal_amount, status from orders where user_id = ${who.id}`,
  );
const invoicesOf = (subscriptionId: string) =>
  rows<{ amount_due: number; amount_paid: number; period_start: Date; period_end: Date }>(
    t.database,
    sql`select amount_due, amount_paid, period_start, period_end from invoices
        where subscription_id = ${subscriptionId} order by period_start`,
  );
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

describe('GET products serves the pricing fields in pricing (002 §3)', () => {
  it('per template: one_time_fee, billing_scheme, tiers, tiers_mode and trial_period_days', async () => {
    const who = await kit.patient();
    const productsOf = async (slug: string) => {
      const res = await t.app.inject({
        url: `/product/${kit.org}/template/${kit.template(slug)}/products`,
        headers: bearer(who.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return json<Product[]>(res);
    };
    const coaching = await productsOf('longevity-coaching');
    expect(coaching.map((p) => [p.pricing.interval_count, p.pricing.one_time_fee])).toEqual([
      [1, 4900],
      [3, 0],
    ]);
    const urolithin = await productsOf('urolithin-a');
    expect(urolithin.map((p) => [p.pricing.interval_count, p.pricing.trial_period_days])).toEqual([
      [0, 0],
      [1, 14],
      [3, 0],
    ]);
    const omega = (await productsOf('omega-3-longevity-blend')).find((p) => p.pricing.type === 'one_time')!;
    expect(omega.pricing).toMatchObject({
      unit_amount: 3900,
      one_time_fee: 0,
      billing_scheme: 'tiered',
      tiers_mode: 'volume',
      tiers: [
        { up_to: 2, unit_amount: 3900 },
        { up_to: 5, unit_amount: 3500 },
        { up_to: null, unit_amount: 3100 },
      ],
      trial_period_days: 0,
    });
    expect(urolithin[0]!.pricing).toMatchObject({
      billing_scheme: 'per_unit',
      tiers: null,
      tiers_mode: null,
    });
  });

  it('the database refuses pricing fields that do not fit together', async () => {
    const id = kit.product('urolithin-a', 0).id;
    const bad = [
      sql`update products set one_time_fee = -1 where id = ${id}`,
      // a trial on a one-time price
      sql`update products set trial_period_days = 14 where id = ${id}`,
      sql`update products set billing_scheme = 'tiered' where id = ${id}`,
      sql`update products set tiers = '[{"up_to": null, "unit_amount": 1}]'::jsonb where id = ${id}`,
      sql`update products set billing_scheme = 'tiered', tiers = '[]'::jsonb, tiers_mode = 'volume' where id = ${id}`,
      sql`update products set billing_scheme = 'tiered', tiers = '[{"up_to": null, "unit_amount": 1}]'::jsonb, tiers_mode = 'flat' where id = ${id}`,
    ];
    for (const statement of bad) await expect(rows(t.database, statement)).rejects.toThrow();
    const [row] = await rows<{ one_time_fee: number; billing_scheme: string }>(
      t.database,
      sql`select one_time_fee, billing_scheme from products where id = ${id}`,
    );
    expect(row).toEqual({ one_time_fee: 0, billing_scheme: 'per_unit' });
  });
});

describe('POST /v2/checkout kind shop with the pricing fields', () => {
  it('a trial: nothing is due now, the subscription’s next billing date is the purchase + 14 days', async () => {
    const who = await kit.patient();
    const charge = vi.spyOn(t.app.ctx.payments, 'charge');
    const plan = kit.product('urolithin-a', 1).id;
    // the plan's own amount is not due now: a page that showed it is refused
    const refused = await kit.submit(
      who,
      randomUUID(),
      shop([{ product: plan, quantity: 1 }], await kit.token(), { expected_total: 5900 }),
    );
    expect(refused.statusCode).toBe(409);
    expect(json<{ text: string }>(refused).text).toBe('TotalChanged');
    expect(await subscriptionsOf(who)).toEqual([]);

    const res = await kit.submit(
      who,
      randomUUID(),
      shop([{ product: plan, quantity: 1 }], await kit.token(), { expected_total: 0 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(json<CheckoutResult>(res).totals).toMatchObject({
      sub_total: 5900,
      total_due_now: 0,
      charged_now: 0,
    });
    expect(charge).not.toHaveBeenCalled();
    const [sub] = await subscriptionsOf(who);
    expect(iso(sub!.current_period_start)).toBe(START.toISOString());
    expect(iso(sub!.current_period_end)).toBe(new Date(START.getTime() + 14 * DAY).toISOString());
    expect(sub!.product_plans[0]).toMatchObject({
      unit_amount: 5900,
      trial_period_days: 14,
      trial_ends_at: '2026-06-24T17:00:00.000Z',
    });
  });

  it('a one-time fee: charged now once with the purchase, recorded as paid on the subscription', async () => {
    const who = await kit.patient();
    const charge = vi.spyOn(t.app.ctx.payments, 'charge');
    const monthly = kit.product('longevity-coaching', 1).id;
    const key = randomUUID();
    const body = shop([{ product: monthly, quantity: 1 }], await kit.token(), {
      expected_total: 14_900 + 4900,
    });
    const res = await kit.submit(who, key, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<CheckoutResult>(res).totals).toMatchObject({
      sub_total: 14_900,
      total_due_now: 19_800,
      charged_now: 4900,
    });
    expect(charge).toHaveBeenCalledTimes(1);
    expect(charge.mock.calls[0]![0]).toMatchObject({ amount: 4900, description: 'Longevity Coaching' });
    const [sub] = await subscriptionsOf(who);
    expect(sub!.product_plans[0]).toMatchObject({
      unit_amount: 14_900,
      one_time_fee: 4900,
      one_time_fee_paid_at: START.toISOString(),
    });
    // the same checkout again is its stored answer: no second charge
    const again = await kit.submit(who, key, body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(charge).toHaveBeenCalledTimes(1);
    // the quarterly plan has no fee
    const other = await kit.patient();
    const quarterly = await kit.submit(
      other,
      randomUUID(),
      shop([{ product: kit.product('longevity-coaching', 3).id, quantity: 1 }], await kit.token(), {
        expected_total: 39_900,
      }),
    );
    expect(quarterly.statusCode, quarterly.body).toBe(200);
    expect(json<CheckoutResult>(quarterly).totals.charged_now).toBe(0);
  });

  it('volume tiers: the quantity sets every unit’s price; the order and the charge are the tiers’ amount', async () => {
    const who = await kit.patient();
    const charge = vi.spyOn(t.app.ctx.payments, 'charge');
    const once = kit.product('omega-3-longevity-blend', 0).id;
    // 3 bottles at $35.00 (not 3 x $39.00)
    const wrong = await kit.submit(
      who,
      randomUUID(),
      shop([{ product: once, quantity: 3 }], await kit.token(), { expected_total: 11_700 }),
    );
    expect(wrong.statusCode).toBe(409);
    const res = await kit.submit(
      who,
      randomUUID(),
      shop([{ product: once, quantity: 3 }], await kit.token(), { expected_total: 10_500 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(json<CheckoutResult>(res).totals).toMatchObject({
      sub_total: 11_700,
      savings: 1200,
      total_due_now: 10_500,
      charged_now: 10_500,
    });
    expect(charge.mock.calls.map((c) => c[0].amount)).toEqual([10_500]);
    expect(await ordersOf(who)).toEqual([
      { quantity: 3, amount: 10_500, subtotal_amount: 10_500, status: 'paid' },
    ]);
    // 6 or more: $31.00 each
    const six = await kit.submit(
      who,
      randomUUID(),
      shop([{ product: once, quantity: 6 }], null, { expected_total: 18_600 }),
    );
    expect(six.statusCode, six.body).toBe(200);
  });
});

describe('POST /v2/checkout kind consultation with the pricing fields', () => {
  it('a coaching visit on the monthly plan: the fee is in Total Due Now, nothing is charged before approval', async () => {
    const who = await kit.patient();
    const charge = vi.spyOn(t.app.ctx.payments, 'charge');
    const intake = await kit.visit(who, [kit.product('longevity-coaching', 1).id]);
    const m = kit.membership(3);
    const body = (expected: number) => ({
      kind: 'consultation' as const,
      intake,
      membership: { membership: m.membership, price: m.price },
      shipping: VALID_SHIPPING,
      payment: { method: 'new_card' as const, token: '' },
      expected_total: expected,
    });
    const withoutFee = await kit.submit(who, randomUUID(), {
      ...body(14_900 + m.unit_amount),
      payment: { method: 'new_card', token: await kit.token() },
    });
    expect(withoutFee.statusCode).toBe(409);
    const res = await kit.submit(who, randomUUID(), {
      ...body(14_900 + 4900 + m.unit_amount),
      payment: { method: 'new_card', token: await kit.token() },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<CheckoutResult>(res).totals).toMatchObject({
      total_due_now: 14_900 + 4900 + m.unit_amount,
      charged_now: 0,
    });
    expect(charge).not.toHaveBeenCalled();
  });
});

describe('billing of a subscription with a fee and a trial (renewals never bill the fee)', () => {
  it('starts trialing with only the fee invoiced, bills the period at the trial’s end, renews without the fee', async () => {
    const who = await kit.patient();
    // bought in the shop: a card on file, the trial started with the purchase
    const res = await kit.submit(
      who,
      randomUUID(),
      shop([{ product: kit.product('urolithin-a', 1).id, quantity: 1 }], await kit.token(), {
        expected_total: 0,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [sub] = await subscriptionsOf(who);
    // a fee still due with the first period (as a visit's would be) goes on the first invoice only
    const plans: SubscriptionProductPlan[] = [{ ...sub!.product_plans[0]!, one_time_fee: 1500 }];
    await t.database.db
      .update(subscriptions)
      .set({ productPlans: plans })
      .where(eq(subscriptions.id, sub!.id));

    // billing starts two days into the trial, as the start of a subscription reads its plans
    const at = new Date(START.getTime() + 2 * DAY);
    const start = billingStart(plans, at);
    expect(start).toEqual({ amount: 5900, oneTimeFee: 1500, trialEnd: new Date('2026-06-24T17:00:00.000Z') });
    const [payer] = await rows<{ stripe_id: string }>(
      t.database,
      sql`select stripe_id from users where id = ${who.id}`,
    );
    const started = await t.app.ctx.payments.subscriptions.start(
      {
        id: '',
        customerId: payer!.stripe_id,
        hasDefaultCard: true,
        status: 'incomplete',
        current_period_start: null,
        current_period_end: null,
        pause_collection: null,
        durationMonths: 1,
        amount: start.amount,
        oneTimeFee: start.oneTimeFee,
        trialEnd: start.trialEnd,
        currency: 'usd',
        description: 'Urolithin A',
      },
      { at, idempotencyKey: `test-${sub!.id}` },
    );
    expect(started.subscription).toMatchObject({ status: 'trialing', current_period_end: start.trialEnd });
    expect(started.invoice).toMatchObject({ amount_due: 1500, amount_paid: 1500 });
    await t.database.db
      .update(subscriptions)
      .set({
        status: 'trialing',
        providerSubscriptionId: started.subscription.id,
        currentPeriodStart: started.subscription.current_period_start,
        currentPeriodEnd: started.subscription.current_period_end,
      })
      .where(eq(subscriptions.id, sub!.id));

    // nothing is billed during the trial
    clock = new Date(START.getTime() + 13 * DAY);
    await t.app.ctx.jobs.runDue({ queues: [RENEWAL_QUEUE] });
    expect(await invoicesOf(sub!.id)).toEqual([]);
    // the trial's end bills the first period; a month later the renewal: the period amount, never the fee
    clock = new Date('2026-07-25T00:00:00.000Z');
    await t.app.ctx.jobs.runDue({ queues: [RENEWAL_QUEUE] });
    const invoices = await invoicesOf(sub!.id);
    expect(invoices.map((i) => [iso(i.period_start), i.amount_due, i.amount_paid])).toEqual([
      ['2026-06-24T17:00:00.000Z', 5900, 5900],
      ['2026-07-24T17:00:00.000Z', 5900, 5900],
    ]);
    const [after] = await subscriptionsOf(who);
    expect(after).toMatchObject({ status: 'active' });
    expect(iso(after!.current_period_end)).toBe('2026-08-24T17:00:00.000Z');
  });
});
