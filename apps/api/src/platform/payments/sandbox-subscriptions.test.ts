import { describe, expect, it } from 'vitest';
import { createSandboxSubscriptionBilling } from './sandbox-subscriptions';
import type { SubscriptionSnapshot } from './subscription-billing';

const sub: SubscriptionSnapshot = {
  id: '',
  customerId: 'cus_sandbox_1',
  hasDefaultCard: true,
  status: 'incomplete',
  current_period_start: null,
  current_period_end: null,
  pause_collection: null,
  durationMonths: 3,
  amount: 29_900,
  currency: 'usd',
  description: 'Generic Rapamycin',
};
const at = new Date('2026-06-10T12:00:00Z');

describe('sandbox subscription billing: start', () => {
  it('bills the first period from now and answers its paid invoice', async () => {
    const { subscription, invoice } = await createSandboxSubscriptionBilling().start(sub, {
      at,
      idempotencyKey: 'approve-1',
    });
    expect(subscription).toMatchObject({
      status: 'active',
      current_period_start: at,
      current_period_end: new Date('2026-09-10T12:00:00Z'),
      pause_collection: null,
    });
    expect(subscription.id).toMatch(/^sub_sandbox_[0-9a-f]{24}$/);
    expect(invoice).toMatchObject({ status: 'paid', amount_due: 29_900, amount_paid: 29_900, paid_at: at });
    expect(subscription.latest_invoice).toBe(invoice.id);
  });

  it('answers the same subscription and invoice for the same key, another for another', async () => {
    const billing = createSandboxSubscriptionBilling();
    const a = await billing.start(sub, { at, idempotencyKey: 'approve-1' });
    const again = await billing.start(sub, { at, idempotencyKey: 'approve-1' });
    const other = await billing.start(sub, { at, idempotencyKey: 'approve-2' });
    expect(again.subscription.id).toBe(a.subscription.id);
    expect(again.invoice.id).toBe(a.invoice.id);
    expect(other.subscription.id).not.toBe(a.subscription.id);
  });

  it('refuses a patient with no card on file, as a decline', async () => {
    await expect(
      createSandboxSubscriptionBilling().start(
        { ...sub, hasDefaultCard: false },
        { at, idempotencyKey: 'k' },
      ),
    ).rejects.toMatchObject({ statusCode: 402 });
  });

  it('takes a checkout discount off the first period only', async () => {
    const { invoice } = await createSandboxSubscriptionBilling().start(
      { ...sub, firstPeriodPercentOff: 20 },
      { at, idempotencyKey: 'approve-3' },
    );
    // 20 % of $299.00 is $59.80
    expect(invoice).toMatchObject({ amount_due: 23_920, amount_paid: 23_920 });
  });
});
