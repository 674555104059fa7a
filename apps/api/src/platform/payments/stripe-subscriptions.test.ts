import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { mapStripeError } from './stripe';
import { createStripeSubscriptionBilling, type StripeSubscriptionsClient } from './stripe-subscriptions';
import type { SubscriptionSnapshot } from './subscription-billing';

const unix = (iso: string) => Date.parse(iso) / 1000;

function stripeSub(over: Record<string, unknown> = {}) {
  return {
    id: 'sub_1',
    status: 'active',
    billing_cycle_anchor: unix('2027-01-15T00:00:00Z'),
    pause_collection: null,
    latest_invoice: 'in_1',
    items: {
      data: [
        {
          current_period_start: unix('2027-01-15T00:00:00Z'),
          current_period_end: unix('2027-04-15T00:00:00Z'),
        },
      ],
    },
    ...over,
  };
}

function fakeClient() {
  const subscriptions = {
    retrieve: vi.fn(async () => stripeSub()),
    update: vi.fn(async (_id: string, params: Record<string, unknown>) => {
      if (params.pause_collection && typeof params.pause_collection === 'object')
        return stripeSub({ pause_collection: { behavior: 'void', resumes_at: null } });
      if (params.trial_end)
        return stripeSub({
          status: 'trialing',
          items: {
            data: [
              { current_period_start: unix('2027-02-01T00:00:00Z'), current_period_end: params.trial_end },
            ],
          },
        });
      if (params.billing_cycle_anchor)
        return stripeSub({
          latest_invoice: {
            id: 'in_2',
            status: 'paid',
            amount_due: 30_000,
            amount_paid: 30_000,
            currency: 'usd',
            period_start: unix('2027-02-01T00:00:00Z'),
            period_end: unix('2027-02-01T00:00:00Z'),
            lines: {
              data: [{ period: { start: unix('2027-02-01T00:00:00Z'), end: unix('2027-05-01T00:00:00Z') } }],
            },
            status_transitions: { paid_at: unix('2027-02-01T00:00:05Z') },
          },
        });
      return stripeSub();
    }),
    cancel: vi.fn(async () => stripeSub({ status: 'canceled' })),
    create: vi.fn(async () =>
      stripeSub({
        id: 'sub_new',
        latest_invoice: {
          id: 'in_first',
          status: 'paid',
          amount_due: 30_000,
          amount_paid: 30_000,
          currency: 'usd',
          period_start: unix('2027-01-15T00:00:00Z'),
          period_end: unix('2027-01-15T00:00:00Z'),
          lines: {
            data: [{ period: { start: unix('2027-01-15T00:00:00Z'), end: unix('2027-04-15T00:00:00Z') } }],
          },
          status_transitions: { paid_at: unix('2027-01-15T00:00:03Z') },
        },
      }),
    ),
  };
  const products = { create: vi.fn(async () => ({ id: 'prod_1' })) };
  const coupons = { create: vi.fn(async () => ({ id: 'co_1' })) };
  return {
    client: { subscriptions, products, coupons } as unknown as StripeSubscriptionsClient,
    subscriptions,
    products,
    coupons,
  };
}

const call = async <T>(_what: string, run: () => Promise<T>) => {
  try {
    return await run();
  } catch (e) {
    throw mapStripeError(e) ?? e;
  }
};

const snapshot: SubscriptionSnapshot = {
  id: 'sub_1',
  customerId: 'cus_1',
  hasDefaultCard: true,
  status: 'active',
  current_period_start: null,
  current_period_end: null,
  pause_collection: null,
  durationMonths: 3,
  amount: 30_000,
  currency: 'usd',
  description: 'Generic Rapamycin',
};

describe('Stripe subscription billing', () => {
  it('reads the periods from the subscription items', async () => {
    const { client } = fakeClient();
    const sub = await createStripeSubscriptionBilling(client, call).retrieve(snapshot);
    expect(sub).toEqual({
      id: 'sub_1',
      status: 'active',
      current_period_start: new Date('2027-01-15T00:00:00Z'),
      current_period_end: new Date('2027-04-15T00:00:00Z'),
      pause_collection: null,
      latest_invoice: 'in_1',
    });
  });

  it('pauses by pause_collection void and resumes by clearing it', async () => {
    const { client, subscriptions } = fakeClient();
    const billing = createStripeSubscriptionBilling(client, call);
    const paused = await billing.pause(snapshot, new Date());
    expect(subscriptions.update).toHaveBeenCalledWith('sub_1', { pause_collection: { behavior: 'void' } });
    expect(paused.pause_collection).toEqual({ behavior: 'void', resumes_at: null });
    const resumed = await billing.resume(snapshot, { now: false, at: new Date(), idempotencyKey: 'k1' });
    expect(subscriptions.update).toHaveBeenLastCalledWith(
      'sub_1',
      { pause_collection: '' },
      { idempotencyKey: 'portal-resume-k1' },
    );
    expect(resumed.invoice).toBeNull();
  });

  it('resumes now by resetting the billing cycle anchor and answers the paid invoice', async () => {
    const { client, subscriptions } = fakeClient();
    const { invoice } = await createStripeSubscriptionBilling(client, call).resume(snapshot, {
      now: true,
      at: new Date(),
      idempotencyKey: 'k2',
    });
    expect(subscriptions.update).toHaveBeenCalledWith(
      'sub_1',
      {
        pause_collection: '',
        billing_cycle_anchor: { type: 'now' },
        proration_behavior: 'none',
        expand: ['latest_invoice'],
      },
      { idempotencyKey: 'portal-resume-k2' },
    );
    expect(invoice).toMatchObject({
      id: 'in_2',
      status: 'paid',
      amount_paid: 30_000,
      period_start: new Date('2027-02-01T00:00:00Z'),
      period_end: new Date('2027-05-01T00:00:00Z'),
      paid_at: new Date('2027-02-01T00:00:05Z'),
    });
  });

  it('reschedules with a trial ending on the date, without proration', async () => {
    const { client, subscriptions } = fakeClient();
    const date = new Date('2027-04-20T12:00:00Z');
    const sub = await createStripeSubscriptionBilling(client, call).reschedule(snapshot, date, new Date());
    expect(subscriptions.update).toHaveBeenCalledWith('sub_1', {
      trial_end: unix('2027-04-20T12:00:00Z'),
      proration_behavior: 'none',
    });
    expect(sub.current_period_end).toEqual(date);
  });

  it('cancels, and maps Stripe failures to 502', async () => {
    const { client, subscriptions } = fakeClient();
    const billing = createStripeSubscriptionBilling(client, call);
    expect((await billing.cancel(snapshot, new Date())).status).toBe('canceled');
    subscriptions.cancel.mockRejectedValueOnce(
      Stripe.errors.StripeError.generate({ type: 'api_error', statusCode: 500, message: 'down' }),
    );
    await expect(billing.cancel(snapshot, new Date())).rejects.toMatchObject({ statusCode: 502 });
  });

  it('starts an approved subscription charging its first period now, once per key', async () => {
    const { client, subscriptions, products } = fakeClient();
    const { subscription, invoice } = await createStripeSubscriptionBilling(client, call).start(
      { ...snapshot, id: '' },
      { at: new Date('2027-01-15T00:00:00Z'), idempotencyKey: 'approve-abc' },
    );
    expect(products.create).toHaveBeenCalledWith(
      { name: 'Generic Rapamycin', metadata: { portal_key: 'approve-abc' } },
      { idempotencyKey: 'portal-product-approve-abc' },
    );
    expect(subscriptions.create).toHaveBeenCalledWith(
      {
        customer: 'cus_1',
        items: [
          {
            price_data: {
              currency: 'usd',
              product: 'prod_1',
              unit_amount: 30_000,
              recurring: { interval: 'month', interval_count: 3 },
            },
          },
        ],
        payment_behavior: 'error_if_incomplete',
        expand: ['latest_invoice'],
        metadata: { portal_key: 'approve-abc' },
      },
      { idempotencyKey: 'portal-start-approve-abc' },
    );
    expect(subscription).toMatchObject({ id: 'sub_new', status: 'active' });
    expect(invoice).toMatchObject({ id: 'in_first', status: 'paid', amount_paid: 30_000 });
    subscriptions.create.mockRejectedValueOnce(
      Stripe.errors.StripeError.generate({
        type: 'card_error',
        statusCode: 402,
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'declined',
      } as never),
    );
    await expect(
      createStripeSubscriptionBilling(client, call).start(snapshot, { at: new Date(), idempotencyKey: 'k2' }),
    ).rejects.toMatchObject({ statusCode: 402 });
  });

  it('applies the checkout discount as a once-only coupon on the first period', async () => {
    const { client, subscriptions, coupons } = fakeClient();
    await createStripeSubscriptionBilling(client, call).start(
      { ...snapshot, id: '', firstPeriodPercentOff: 20 },
      { at: new Date('2027-01-15T00:00:00Z'), idempotencyKey: 'approve-def' },
    );
    expect(coupons.create).toHaveBeenCalledWith(
      { percent_off: 20, duration: 'once', name: '20% off the first period' },
      { idempotencyKey: 'portal-coupon-approve-def' },
    );
    expect((subscriptions.create.mock.calls[0] as unknown[])[0]).toMatchObject({
      discounts: [{ coupon: 'co_1' }],
    });
    const { coupons: none, subscriptions: plain } = fakeClient();
    await createStripeSubscriptionBilling(
      { ...client, subscriptions: plain, coupons: none } as never,
      call,
    ).start({ ...snapshot, id: '' }, { at: new Date(), idempotencyKey: 'approve-ghi' });
    expect(none.create).not.toHaveBeenCalled();
    expect((plain.create.mock.calls[0] as unknown[])[0]).not.toHaveProperty('discounts');
  });

  it('bills a one-time fee on the first invoice only and starts a trial ending on its date (002 §3)', async () => {
    const { client, subscriptions } = fakeClient();
    const trialEnd = new Date('2027-01-29T00:00:00Z');
    await createStripeSubscriptionBilling(client, call).start(
      { ...snapshot, id: '', oneTimeFee: 4900, trialEnd },
      { at: new Date('2027-01-15T00:00:00Z'), idempotencyKey: 'approve-fee' },
    );
    const params = (subscriptions.create.mock.calls[0] as unknown[])[0] as Record<string, unknown>;
    expect(params.add_invoice_items).toEqual([
      { price_data: { currency: 'usd', product: 'prod_1', unit_amount: 4900 } },
    ]);
    expect(params.trial_end).toBe(unix('2027-01-29T00:00:00Z'));
    // without them, neither is sent
    const plain = fakeClient();
    await createStripeSubscriptionBilling(plain.client, call).start(
      { ...snapshot, id: '' },
      { at: new Date(), idempotencyKey: 'approve-plain' },
    );
    const sent = (plain.subscriptions.create.mock.calls[0] as unknown[])[0];
    expect(sent).not.toHaveProperty('add_invoice_items');
    expect(sent).not.toHaveProperty('trial_end');
  });
});
