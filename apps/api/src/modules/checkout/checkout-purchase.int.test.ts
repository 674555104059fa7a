import { randomUUID } from 'node:crypto';
import { CheckoutRequest, type CheckoutResult } from '@portal/domain/contracts/checkout-submit';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PaymentErrors } from '../../platform/payments/adapter';
import { createTestApp, json, rows, type TestApp } from '../../test/harness';
import { notifierFor } from '../notifications/notifier';
import { type CheckoutKit, checkoutKit, VALID_SHIPPING } from './checkout-test-kit';
import { createCheckoutUseCase } from './checkout-use-case';

let t: TestApp;
let kit: CheckoutKit;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ACCOUNT: '1000', RATE_LIMIT_ADDRESS: '1000' });
  kit = await checkoutKit(t);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const purchase = (
  kind: 'signup' | 'shop',
  items: { product: string; quantity?: number }[],
  token: string | null,
  over: Record<string, unknown> = {},
) => ({
  kind,
  items,
  shipping: VALID_SHIPPING,
  payment: token ? { method: 'new_card' as const, token } : { method: 'saved_card' as const },
  ...over,
});

const ordersOf = (userId: string) =>
  rows<{ id: string; status: string; amount: number; discount_amount: number; promo_code: string | null }>(
    t.database,
    sql`select id, status, amount, discount_amount, promo_code from orders where user_id = ${userId} order by created_at, amount`,
  );
const liveSubscriptions = (userId: string) =>
  kit.count(sql`select count(*) as n from subscriptions where user_id = ${userId} and status <> 'canceled'`);
const paidInvoices = (userId: string) =>
  kit.count(sql`select count(*) as n from invoices where user_id = ${userId} and status = 'paid'`);

describe('POST /v2/checkout, signup lab and supplement checkout (002 §4.4, §4.5, §7.2)', () => {
  it('orders and pays for a lab panel with LABS15 in one charge of the discounted price', async () => {
    const patient = await kit.patient();
    const charge = vi.spyOn(t.app.ctx.payments, 'charge');
    const panel = kit.product('longevity-essentials-panel', 0);
    const res = await kit.submit(
      patient,
      randomUUID(),
      purchase('signup', [{ product: panel.id }], await kit.token(), { promo_code: 'LABS15' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const result = json<CheckoutResult>(res);
    // $199.00 less 15% ($29.85) = $169.15, charged now.
    expect(result.totals).toMatchObject({
      sub_total: 19_900,
      savings: 0,
      special_discount: 2985,
      total_due_now: 16_915,
      charged_now: 16_915,
    });
    expect(charge).toHaveBeenCalledTimes(1);
    expect(charge.mock.calls[0]![0]).toMatchObject({ amount: 16_915, currency: 'usd' });
    const orders = await ordersOf(patient.id);
    expect(orders).toEqual([
      { id: result.orders[0], status: 'paid', amount: 16_915, discount_amount: 2985, promo_code: 'LABS15' },
    ]);
    expect(result.next).toEqual({ kind: 'lab', subscription: null, order: orders[0]!.id });
    expect(await paidInvoices(patient.id)).toBe(1);
    expect(
      await kit.count(sql`select count(*) as n from coupon_redemptions where order_id = ${orders[0]!.id}`),
    ).toBe(1);
    // The order reads as the orders routes show it.
    const listed = await t.app.inject({
      url: `/orders/${kit.org}/patient/${patient.id}`,
      headers: { authorization: `Bearer ${patient.token}` },
    });
    expect(json<{ status: string; amount: number }[]>(listed)[0]).toMatchObject({
      status: 'paid',
      amount: 16_915,
    });
  });

  it('refuses a lab shipped to New York before anything is done', async () => {
    const patient = await kit.patient();
    const panel = kit.product('longevity-essentials-panel', 0);
    const ny = {
      shipping_info: { ...VALID_SHIPPING.shipping_info, state: 'NY', zip_code: '10001', city: 'New York' },
    };
    const res = await kit.submit(
      patient,
      randomUUID(),
      purchase('signup', [{ product: panel.id }], await kit.token(), { shipping: ny }),
    );
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      text: 'InvalidState',
      message:
        'Due to regulatory restrictions prohibiting the online prescribing of lab testing, we cannot provide lab testing in NY, NJ and RI.',
    });
    expect(await ordersOf(patient.id)).toEqual([]);
  });

  it('subscribes to a recurring supplement plan without charging (awaiting review)', async () => {
    const patient = await kit.patient();
    const charge = vi.spyOn(t.app.ctx.payments, 'charge');
    const plan = kit.product('omega-3-longevity-blend', 3);
    const res = await kit.submit(
      patient,
      randomUUID(),
      purchase('signup', [{ product: plan.id }], await kit.token()),
    );
    expect(res.statusCode, res.body).toBe(200);
    const result = json<CheckoutResult>(res);
    // 3 x $35.00 = $105.00 baseline, $99.00 plan: Total Due Now $99.00, nothing charged now.
    expect(result.totals).toMatchObject({
      sub_total: 10_500,
      savings: 600,
      total_due_now: 9900,
      charged_now: 0,
    });
    expect(result.subscriptions).toHaveLength(1);
    expect(result.next.kind).toBe('dashboard');
    expect(charge).not.toHaveBeenCalled();
    const [sub] = await rows<{ status: string; type: string }>(
      t.database,
      sql`select status, type from subscriptions where id = ${result.subscriptions[0]!}`,
    );
    expect(sub).toEqual({ status: 'awaiting_physician_review', type: 'supplement' });
  });
});

describe('POST /v2/checkout, shop cart (002 §2.7)', () => {
  const cart = () => [
    { product: kit.product('omega-3-longevity-blend', 0).id, quantity: 2 },
    { product: kit.product('urolithin-a', 3).id },
    { product: kit.product('comprehensive-longevity-panel', 0).id },
  ];
  // Omega-3 once x2: $78.00; Urolithin A 3 months: $177.00 baseline, $159.00; Comprehensive panel $449.00.
  // Sub-Total 7800 + 17700 + 44900 = 70400; Savings 1800; Total Due Now 68600; charged now 7800 + 44900 = 52700.

  it('charges the one-time lines once, subscribes to the recurring one, answers the totals', async () => {
    const patient = await kit.patient();
    const charge = vi.spyOn(t.app.ctx.payments, 'charge');
    const res = await kit.submit(patient, randomUUID(), purchase('shop', cart(), await kit.token()));
    expect(res.statusCode, res.body).toBe(200);
    const result = json<CheckoutResult>(res);
    expect(result.totals).toMatchObject({
      sub_total: 70_400,
      savings: 1800,
      special_discount: 0,
      total_due_now: 68_600,
      charged_now: 52_700,
    });
    expect(charge).toHaveBeenCalledTimes(1);
    expect(charge.mock.calls[0]![0].amount).toBe(52_700);
    const orders = await ordersOf(patient.id);
    expect(orders.map((o) => [o.status, o.amount])).toEqual([
      ['paid', 7800],
      ['paid', 44_900],
    ]);
    expect(orders.reduce((s, o) => s + o.amount, 0)).toBe(result.totals.charged_now);
    expect(await liveSubscriptions(patient.id)).toBe(1);
    expect(await paidInvoices(patient.id)).toBe(2);
    expect(result.next).toMatchObject({ kind: 'lab', order: orders[1]!.id });
  });

  it('ten simultaneous identical submits: one charge, one subscription, two orders', async () => {
    const patient = await kit.patient();
    const charge = vi.spyOn(t.app.ctx.payments, 'charge');
    const key = randomUUID();
    const body = purchase('shop', cart(), await kit.token());
    const answers = await Promise.all(Array.from({ length: 10 }, () => kit.submit(patient, key, body)));
    const codes = answers.map((a) => a.statusCode);
    expect(
      codes.every((c) => c === 200 || c === 409),
      codes.join(),
    ).toBe(true);
    expect(charge).toHaveBeenCalledTimes(1);
    expect(await liveSubscriptions(patient.id)).toBe(1);
    expect(await ordersOf(patient.id)).toHaveLength(2);
    expect(await paidInvoices(patient.id)).toBe(2);
    const after = await kit.submit(patient, key, body);
    expect(after.statusCode).toBe(200);
    expect(after.headers['idempotent-replayed']).toBe('true');
    expect(charge).toHaveBeenCalledTimes(1);
  });

  it('a refused charge leaves no order and no subscription; the retry with another card charges once', async () => {
    const patient = await kit.patient();
    const charge = vi.spyOn(t.app.ctx.payments, 'charge').mockRejectedValueOnce(PaymentErrors.declined());
    const key = randomUUID();
    const body = purchase('shop', cart(), await kit.token());
    const refused = await kit.submit(patient, key, body);
    expect(refused.statusCode).toBe(402);
    expect(json(refused)).toEqual({ text: 'CardDeclined', message: 'Your card was declined.' });
    expect(refused.headers['checkout-step']).toBe('payment');
    expect(await ordersOf(patient.id)).toEqual([]);
    expect(await liveSubscriptions(patient.id)).toBe(0);
    expect(await paidInvoices(patient.id)).toBe(0);

    const retry = await kit.submit(patient, key, {
      ...body,
      payment: { method: 'new_card', token: await kit.token() },
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(charge).toHaveBeenCalledTimes(2);
    // A refused attempt is final: the retry is a new charge under a new provider key.
    const keys = charge.mock.calls.map((c) => c[0].idempotencyKey);
    expect(new Set(keys).size).toBe(2);
    expect((await ordersOf(patient.id)).map((o) => o.status)).toEqual(['paid', 'paid']);
    expect(await liveSubscriptions(patient.id)).toBe(1);
  });

  it('a provider that cannot be reached: the retry repeats the same charge key, so the card is charged once', async () => {
    const patient = await kit.patient();
    const charge = vi
      .spyOn(t.app.ctx.payments, 'charge')
      .mockRejectedValueOnce(PaymentErrors.providerUnavailable());
    const key = randomUUID();
    const body = purchase('shop', cart(), await kit.token());
    const down = await kit.submit(patient, key, body);
    expect(down.statusCode).toBe(502);
    expect(json(down)).toEqual({
      text: 'PaymentProviderError',
      message: 'An error occurred. Please try again.',
    });
    expect(await ordersOf(patient.id)).toEqual([]);

    const retry = await kit.submit(patient, key, body);
    expect(retry.statusCode, retry.body).toBe(200);
    const keys = charge.mock.calls.map((c) => c[0].idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect((await ordersOf(patient.id)).map((o) => o.status)).toEqual(['paid', 'paid']);
  });

  it('a request that dies after the charge: the retry places the orders without charging again', async () => {
    const patient = await kit.patient();
    let die = true;
    const useCase = createCheckoutUseCase({
      db: t.app.ctx.db,
      payments: t.app.ctx.payments,
      users: t.app.ctx.users,
      notifier: notifierFor(t.app),
      brandName: async () => 'Evergreen',
      now: t.app.ctx.now,
      hooks: {
        beforeStep: async (step) => {
          if (step === 'orders' && die) {
            die = false;
            throw new Error('the process died');
          }
        },
      },
    });
    const charge = vi.spyOn(t.app.ctx.payments, 'charge');
    const actor = { userId: patient.id, organizationId: kit.org };
    const key = randomUUID();
    const body = CheckoutRequest.parse(purchase('shop', cart(), await kit.token()));
    await expect(useCase.submit(actor, key, body, t.app.log)).rejects.toThrow('the process died');
    expect(charge).toHaveBeenCalledTimes(1);
    expect(await ordersOf(patient.id)).toEqual([]);
    const [failed] = await rows<{ status: string; step: string; error: { status: number } }>(
      t.database,
      sql`select status, step, error from checkouts where user_id = ${patient.id}`,
    );
    expect(failed).toMatchObject({ status: 'failed', step: 'orders', error: { status: 500 } });

    const done = await useCase.submit(actor, key, body, t.app.log);
    expect(done.result.totals.charged_now).toBe(52_700);
    expect(charge).toHaveBeenCalledTimes(1);
    expect((await ordersOf(patient.id)).map((o) => o.status)).toEqual(['paid', 'paid']);
    expect(await liveSubscriptions(patient.id)).toBe(1);
  });

  it('refuses a product not on sale, a repeated line and a code that fits none of the cart', async () => {
    const patient = await kit.patient();
    const token = await kit.token();
    const omega = kit.product('omega-3-longevity-blend', 0).id;
    for (const [payload, status, text] of [
      [purchase('shop', [{ product: '0'.repeat(24) }], token), 400, 'ProductUndefined'],
      [purchase('shop', [{ product: omega }, { product: omega }], token), 400, 'ValidationError'],
      [
        purchase('shop', [{ product: omega }], token, { promo_code: 'WELCOME20' }),
        400,
        'CouponNotApplicable',
      ],
      [
        purchase('signup', [{ product: omega }, { product: kit.product('urolithin-a', 0).id }], token),
        400,
        'ValidationError',
      ],
      [purchase('shop', [{ product: omega, quantity: 11 }], token), 400, 'ValidationError'],
    ] as const) {
      const res = await kit.submit(patient, randomUUID(), payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(json(res)).toMatchObject({ text });
    }
    expect(await ordersOf(patient.id)).toEqual([]);
    expect(await kit.count(sql`select count(*) as n from checkouts where user_id = ${patient.id}`)).toBe(0);
  });
});
