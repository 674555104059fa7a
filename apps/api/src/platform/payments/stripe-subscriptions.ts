import type Stripe from 'stripe';
import type {
  BillingInvoice,
  BillingStatus,
  BillingSubscription,
  PauseCollection,
  SubscriptionBilling,
} from './subscription-billing';

/** The part of the SDK subscription billing uses, so tests can hand it a stand-in. */
export type StripeSubscriptionsClient = Pick<Stripe, 'subscriptions' | 'products' | 'coupons'>;

const fromUnix = (s: number) => new Date(s * 1000);
const toUnix = (d: Date) => Math.floor(d.getTime() / 1000);

const RESUME_NOW: Stripe.SubscriptionUpdateParams = {
  pause_collection: '',
  billing_cycle_anchor: { type: 'now' },
  proration_behavior: 'none',
  expand: ['latest_invoice'],
};
const RESUME_LATER: Stripe.SubscriptionUpdateParams = { pause_collection: '' };

/** Since API version 2025-03-31 the periods live on the subscription items. */
export function fromStripeSubscription(sub: Stripe.Subscription): BillingSubscription {
  const item = sub.items.data[0];
  const start = item?.current_period_start ?? sub.billing_cycle_anchor;
  const end = item?.current_period_end ?? sub.billing_cycle_anchor;
  const pause: PauseCollection | null = sub.pause_collection
    ? {
        behavior: sub.pause_collection.behavior as PauseCollection['behavior'],
        resumes_at: sub.pause_collection.resumes_at
          ? fromUnix(sub.pause_collection.resumes_at).toISOString()
          : null,
      }
    : null;
  const latest = sub.latest_invoice;
  return {
    id: sub.id,
    status: sub.status as BillingStatus,
    current_period_start: fromUnix(start),
    current_period_end: fromUnix(end),
    pause_collection: pause,
    latest_invoice: typeof latest === 'string' ? latest : (latest?.id ?? null),
  };
}

export function fromStripeInvoice(invoice: Stripe.Invoice): BillingInvoice {
  const line = invoice.lines?.data[0];
  return {
    id: invoice.id ?? '',
    status: (invoice.status ?? 'draft') as BillingInvoice['status'],
    amount_due: invoice.amount_due,
    amount_paid: invoice.amount_paid,
    currency: invoice.currency,
    period_start: fromUnix(line?.period.start ?? invoice.period_start),
    period_end: fromUnix(line?.period.end ?? invoice.period_end),
    paid_at: invoice.status_transitions?.paid_at ? fromUnix(invoice.status_transitions.paid_at) : null,
  };
}

/**
 * Subscription billing through Stripe: pause and resume by pause_collection, resume-and-ship-now by
 * resetting the billing cycle anchor (Stripe invoices and charges at once), reschedule by a trial ending on
 * the chosen date without proration, cancel by subscriptions.cancel. `call` maps SDK errors (stripe.ts).
 */
export function createStripeSubscriptionBilling(
  client: StripeSubscriptionsClient,
  call: <T>(what: string, run: () => Promise<T>) => Promise<T>,
): SubscriptionBilling {
  return {
    start(sub, { idempotencyKey }) {
      return call('subscriptions.create', async () => {
        if (!sub.customerId) throw new Error('no billing customer for the patient');
        // A subscription's inline price must name a product: one per subscription, made with the same key.
        const product = await client.products.create(
          { name: sub.description, metadata: { portal_key: idempotencyKey } },
          { idempotencyKey: `portal-product-${idempotencyKey}` },
        );
        // the checkout's discount code on the first period only, as a once-only coupon made with the same key
        const percent = sub.firstPeriodPercentOff ?? 0;
        const coupon =
          percent > 0
            ? await client.coupons.create(
                { percent_off: percent, duration: 'once', name: `${percent}% off the first period` },
                { idempotencyKey: `portal-coupon-${idempotencyKey}` },
              )
            : null;
        const fee = Math.max(0, Math.round(sub.oneTimeFee ?? 0));
        const created = await client.subscriptions.create(
          {
            customer: sub.customerId,
            items: [
              {
                price_data: {
                  currency: sub.currency,
                  product: product.id,
                  unit_amount: sub.amount,
                  recurring: { interval: 'month', interval_count: Math.max(1, sub.durationMonths) },
                },
              },
            ],
            // charge the card on file now, or fail the approval (nothing half-made to clean up)
            ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
            // 002 §3: a setup fee on the first invoice only; a trial billing the first period at its end
            ...(fee > 0
              ? {
                  add_invoice_items: [
                    { price_data: { currency: sub.currency, product: product.id, unit_amount: fee } },
                  ],
                }
              : {}),
            ...(sub.trialEnd ? { trial_end: toUnix(sub.trialEnd) } : {}),
            payment_behavior: 'error_if_incomplete',
            expand: ['latest_invoice'],
            metadata: { portal_key: idempotencyKey },
          },
          { idempotencyKey: `portal-start-${idempotencyKey}` },
        );
        const latest = created.latest_invoice;
        if (!latest || typeof latest === 'string')
          throw new Error('Stripe answered no invoice for the first period');
        return { subscription: fromStripeSubscription(created), invoice: fromStripeInvoice(latest) };
      });
    },

    retrieve(sub) {
      return call('subscriptions.retrieve', async () =>
        fromStripeSubscription(await client.subscriptions.retrieve(sub.id)),
      );
    },

    pause(sub) {
      return call('subscriptions.update pause', async () =>
        fromStripeSubscription(
          await client.subscriptions.update(sub.id, { pause_collection: { behavior: 'void' } }),
        ),
      );
    },

    resume(sub, { now, idempotencyKey }) {
      return call('subscriptions.update resume', async () => {
        const updated = await client.subscriptions.update(sub.id, now ? RESUME_NOW : RESUME_LATER, {
          idempotencyKey: `portal-resume-${idempotencyKey}`,
        });
        const latest = updated.latest_invoice;
        return {
          subscription: fromStripeSubscription(updated),
          invoice: now && latest && typeof latest !== 'string' ? fromStripeInvoice(latest) : null,
        };
      });
    },

    cancel(sub) {
      return call('subscriptions.cancel', async () =>
        fromStripeSubscription(await client.subscriptions.cancel(sub.id)),
      );
    },

    reschedule(sub, date) {
      return call('subscriptions.update reschedule', async () =>
        fromStripeSubscription(
          await client.subscriptions.update(sub.id, { trial_end: toUnix(date), proration_behavior: 'none' }),
        ),
      );
    },
  };
}
