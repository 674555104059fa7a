import { createHash } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

import { applySpecialDiscountCents } from '@portal/domain/pricing/plan-pricing';
import { PaymentErrors } from './adapter';
import {
  addMonths,
  type BillingSubscription,
  periodContaining,
  type SubscriptionBilling,
  type SubscriptionSnapshot,
} from './subscription-billing';

const view = (sub: SubscriptionSnapshot, now: Date, over: Partial<BillingSubscription> = {}) => {
  const start = sub.current_period_start ?? now;
  return {
    id: sub.id,
    status: sub.status,
    current_period_start: start,
    current_period_end: sub.current_period_end ?? addMonths(start, Math.max(1, sub.durationMonths)),
    pause_collection: sub.pause_collection,
    latest_invoice: null,
    ...over,
  } satisfies BillingSubscription;
};

/**
 * The sandbox's subscriptions behave like Stripe's: a paused subscription keeps its periods and collects
 * nothing, resuming now starts a new billed period today, a reschedule ends the current period on the
 * chosen date. Renewals over time are made by the renewal job (sandbox-renewal.ts).
 */
export function createSandboxSubscriptionBilling(): SubscriptionBilling {
  /** One paid period from `at`, its invoice named by the idempotency key so a retry answers the same. */
  const billedPeriod = (
    sub: SubscriptionSnapshot,
    id: string,
    at: Date,
    idempotencyKey: string,
    percentOff = 0,
  ) => {
    // As the sandbox's one-time charge: cards that decline are refused when attached, so a customer with a
    // default card is always charged, one without is refused. The portal's record of the card is used, so
    // this runs inside the caller's transaction without another database connection.
    if (!sub.customerId || !sub.hasDefaultCard) throw PaymentErrors.declined();
    const end = addMonths(at, Math.max(1, sub.durationMonths));
    const invoiceId = `in_sandbox_${digest(idempotencyKey)}`;
    const due = applySpecialDiscountCents(sub.amount, percentOff);
    return {
      subscription: view({ ...sub, id }, at, {
        status: 'active',
        pause_collection: null,
        current_period_start: at,
        current_period_end: end,
        latest_invoice: invoiceId,
      }),
      invoice: {
        id: invoiceId,
        status: 'paid' as const,
        amount_due: due,
        amount_paid: due,
        currency: sub.currency,
        period_start: at,
        period_end: end,
        paid_at: at,
      },
    };
  };

  /**
   * A trial's start, as Stripe's: the subscription trials until `trialEnd` (its first period is billed then,
   * by the renewal job) and its first invoice holds only the one-time fee.
   */
  const trialStart = (sub: SubscriptionSnapshot, id: string, at: Date, trialEnd: Date, key: string) => {
    const fee = Math.max(0, Math.round(sub.oneTimeFee ?? 0));
    if (fee > 0 && (!sub.customerId || !sub.hasDefaultCard)) throw PaymentErrors.declined();
    const invoiceId = `in_sandbox_${digest(key)}`;
    return {
      subscription: view({ ...sub, id }, at, {
        status: 'trialing',
        pause_collection: null,
        current_period_start: at,
        current_period_end: trialEnd,
        latest_invoice: invoiceId,
      }),
      invoice: {
        id: invoiceId,
        status: 'paid' as const,
        amount_due: fee,
        amount_paid: fee,
        currency: sub.currency,
        period_start: at,
        period_end: trialEnd,
        paid_at: at,
      },
    };
  };

  return {
    async start(sub, { at, idempotencyKey }) {
      const id = `sub_sandbox_${digest(`start-${idempotencyKey}`)}`;
      if (sub.trialEnd && sub.trialEnd.getTime() > at.getTime())
        return trialStart(sub, id, at, sub.trialEnd, idempotencyKey);
      const started = billedPeriod(sub, id, at, idempotencyKey, sub.firstPeriodPercentOff);
      // the setup fee goes on the first invoice only
      const fee = Math.max(0, Math.round(sub.oneTimeFee ?? 0));
      if (fee === 0) return started;
      const due = started.invoice.amount_due + fee;
      return { ...started, invoice: { ...started.invoice, amount_due: due, amount_paid: due } };
    },

    async retrieve(sub) {
      return view(sub, new Date());
    },

    async pause(sub, now) {
      return view(sub, now, { pause_collection: { behavior: 'void', resumes_at: null } });
    },

    async resume(sub, { now, at, idempotencyKey }) {
      if (!now) {
        const base = view(sub, at);
        const period = periodContaining(
          base.current_period_start,
          base.current_period_end,
          sub.durationMonths,
          at,
        );
        return {
          subscription: {
            ...base,
            status: 'active',
            pause_collection: null,
            current_period_start: period.start,
            current_period_end: period.end,
          },
          invoice: null,
        };
      }
      return billedPeriod(sub, sub.id, at, idempotencyKey);
    },

    async cancel(sub, now) {
      return view(sub, now, { status: 'canceled', pause_collection: null });
    },

    async reschedule(sub, date, now) {
      return view(sub, now, { current_period_end: date });
    },
  };
}
