import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import type { PaymentProvider } from './adapter';
import type { BillingInvoice } from './subscription-billing';

/**
 * What a payment provider tells the portal after the fact, in the portal's words: one model for Stripe's
 * webhooks and for the sandbox, so the one applier (modules/billing/payment-events.ts) runs for both.
 * Amounts in cents; `id` is the provider's event id, the key that makes each event count once.
 */
type Base = { provider: PaymentProvider; id: string };

export type PaymentEvent =
  | (Base & {
      /** A subscription's invoice was paid: a renewal, or an earlier failed one paid late. */
      type: 'invoice.paid';
      subscriptionId: string;
      invoice: BillingInvoice;
      /** A period after the first: the approval already told the patient about the first one. */
      renewal: boolean;
    })
  | (Base & {
      /** A subscription's invoice could not be charged: the subscription is past due ("Failed Payment"). */
      type: 'invoice.payment_failed';
      subscriptionId: string;
      invoice: BillingInvoice;
    })
  | (Base & {
      /** Money went back to the card, in whole (`amountRefunded` equals the charge) or in part. */
      type: 'charge.refunded';
      paymentId: string;
      amount: number;
      amountRefunded: number;
      at: Date;
    })
  | (Base & {
      /** The cardholder disputed a payment with their bank; `status` as the provider names it. */
      type: 'charge.dispute.created' | 'charge.dispute.closed';
      paymentId: string;
      disputeId: string;
      status: string;
      reason: string;
      amount: number;
      at: Date;
    })
  | (Base & {
      /** The provider ended the subscription (cancellation took effect, or unpaid for too long). */
      type: 'customer.subscription.deleted';
      subscriptionId: string;
      at: Date;
    });

export type PaymentEventType = PaymentEvent['type'];

const fromUnix = (s: number) => new Date(s * 1000);
const idOf = (ref: string | { id?: string } | null | undefined): string | null =>
  typeof ref === 'string' ? ref : (ref?.id ?? null);

function billingInvoice(invoice: Stripe.Invoice): BillingInvoice {
  // Since API version 2025-03-31 the invoice's own period is the one before it; its line carries the
  // period it bills.
  const line = invoice.lines?.data[0];
  return {
    id: invoice.id ?? '',
    status: (invoice.status ?? 'open') as BillingInvoice['status'],
    amount_due: invoice.amount_due,
    amount_paid: invoice.amount_paid,
    currency: invoice.currency,
    period_start: fromUnix(line?.period.start ?? invoice.period_start),
    period_end: fromUnix(line?.period.end ?? invoice.period_end),
    paid_at: invoice.status_transitions?.paid_at ? fromUnix(invoice.status_transitions.paid_at) : null,
  };
}

/** The payment a charge or dispute belongs to: its PaymentIntent (what the portal stores), else the charge. */
function paymentOf(obj: { payment_intent: string | { id: string } | null }, charge: string | null) {
  return idOf(obj.payment_intent) ?? charge;
}

/**
 * A verified Stripe event in the portal's model, or null for the types the portal does not act on (they
 * are acknowledged and ignored) and for invoices that belong to no subscription.
 */
export function fromStripeEvent(event: Stripe.Event): PaymentEvent | null {
  const base = { provider: 'stripe' as const, id: event.id };
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      if (!subscriptionId || !invoice.id) return null;
      if (event.type === 'invoice.payment_failed')
        return { ...base, type: event.type, subscriptionId, invoice: billingInvoice(invoice) };
      return {
        ...base,
        type: event.type,
        subscriptionId,
        invoice: billingInvoice(invoice),
        renewal: invoice.billing_reason !== 'subscription_create',
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentId = paymentOf(charge, charge.id);
      if (!paymentId) return null;
      return {
        ...base,
        type: event.type,
        paymentId,
        amount: charge.amount,
        amountRefunded: charge.amount_refunded,
        at: fromUnix(event.created),
      };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      const paymentId = paymentOf(dispute, idOf(dispute.charge));
      if (!paymentId) return null;
      return {
        ...base,
        type: event.type,
        paymentId,
        disputeId: dispute.id,
        status: dispute.status,
        reason: dispute.reason,
        amount: dispute.amount,
        at: fromUnix(event.created),
      };
    }
    case 'customer.subscription.deleted':
      return {
        ...base,
        type: event.type,
        subscriptionId: event.data.object.id,
        at: fromUnix(event.data.object.ended_at ?? event.created),
      };
    default:
      return null;
  }
}

/**
 * The sandbox's event ids: derived from what happened (the subscription and period, the payment), so the
 * sandbox telling the same thing twice (a renewal run retried, a simulation repeated) is one event.
 */
export function sandboxEventId(...parts: string[]): string {
  return `evt_sandbox_${createHash('sha256').update(parts.join(':')).digest('hex').slice(0, 24)}`;
}

/** The events the sandbox's billing clock emits for one invoice of a renewal (sandbox-renewal.ts). */
export function sandboxInvoiceEvent(subscriptionId: string, invoice: BillingInvoice): PaymentEvent {
  const type = invoice.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed';
  const id = sandboxEventId(type, invoice.id);
  return type === 'invoice.paid'
    ? { provider: 'sandbox', id, type, subscriptionId, invoice, renewal: true }
    : { provider: 'sandbox', id, type, subscriptionId, invoice };
}

/** A full refund of a sandbox payment, as Stripe's charge.refunded would report it. */
export function sandboxRefundEvent(paymentId: string, amount: number, at: Date): PaymentEvent {
  return {
    provider: 'sandbox',
    id: sandboxEventId('charge.refunded', paymentId),
    type: 'charge.refunded',
    paymentId,
    amount,
    amountRefunded: amount,
    at,
  };
}

/** A simulated dispute of a sandbox payment (opened, then possibly closed as won or lost). */
export function sandboxDisputeEvent(
  paymentId: string,
  amount: number,
  at: Date,
  outcome: 'needs_response' | 'won' | 'lost' = 'needs_response',
): PaymentEvent {
  const type = outcome === 'needs_response' ? 'charge.dispute.created' : 'charge.dispute.closed';
  return {
    provider: 'sandbox',
    id: sandboxEventId(type, paymentId, outcome),
    type,
    paymentId,
    disputeId: `dp_sandbox_${sandboxEventId('dispute', paymentId).slice(12)}`,
    status: outcome,
    reason: 'fraudulent',
    amount,
    at,
  };
}
