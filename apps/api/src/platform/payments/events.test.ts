import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { fromStripeEvent, sandboxDisputeEvent, sandboxInvoiceEvent, sandboxRefundEvent } from './events';

const at = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
const stripeEvent = (type: string, object: object) =>
  ({
    id: 'evt_1',
    object: 'event',
    type,
    created: at('2026-06-10T12:00:00Z'),
    data: { object },
  }) as unknown as Stripe.Event;

const invoice = (over: object = {}) => ({
  id: 'in_1',
  object: 'invoice',
  status: 'paid',
  billing_reason: 'subscription_cycle',
  amount_due: 15_000,
  amount_paid: 15_000,
  currency: 'usd',
  period_start: at('2026-05-10T12:00:00Z'),
  period_end: at('2026-06-10T12:00:00Z'),
  status_transitions: { paid_at: at('2026-06-10T12:05:00Z') },
  lines: { data: [{ period: { start: at('2026-06-10T12:00:00Z'), end: at('2026-07-10T12:00:00Z') } }] },
  parent: { subscription_details: { subscription: 'sub_1' } },
  ...over,
});

describe('fromStripeEvent', () => {
  it('reads a renewal: the subscription, the period its line bills (not the invoice’s own), the payment time', () => {
    expect(fromStripeEvent(stripeEvent('invoice.paid', invoice()))).toEqual({
      provider: 'stripe',
      id: 'evt_1',
      type: 'invoice.paid',
      subscriptionId: 'sub_1',
      renewal: true,
      invoice: {
        id: 'in_1',
        status: 'paid',
        amount_due: 15_000,
        amount_paid: 15_000,
        currency: 'usd',
        period_start: new Date('2026-06-10T12:00:00Z'),
        period_end: new Date('2026-07-10T12:00:00Z'),
        paid_at: new Date('2026-06-10T12:05:00Z'),
      },
    });
  });

  it('tells the first invoice from a renewal, and reads an expanded subscription', () => {
    const first = fromStripeEvent(
      stripeEvent(
        'invoice.paid',
        invoice({
          billing_reason: 'subscription_create',
          parent: { subscription_details: { subscription: { id: 'sub_2' } } },
        }),
      ),
    );
    expect(first).toMatchObject({ subscriptionId: 'sub_2', renewal: false });
  });

  it('reads a failed payment, and ignores an invoice of no subscription', () => {
    const failed = fromStripeEvent(
      stripeEvent(
        'invoice.payment_failed',
        invoice({ status: 'open', amount_paid: 0, status_transitions: {} }),
      ),
    );
    expect(failed).toMatchObject({ type: 'invoice.payment_failed', subscriptionId: 'sub_1' });
    expect(failed && 'invoice' in failed ? failed.invoice.paid_at : undefined).toBeNull();
    expect(fromStripeEvent(stripeEvent('invoice.paid', invoice({ parent: null })))).toBeNull();
  });

  it('names a refund or a dispute by its PaymentIntent, else by the charge', () => {
    expect(
      fromStripeEvent(
        stripeEvent('charge.refunded', {
          id: 'ch_1',
          amount: 900,
          amount_refunded: 400,
          payment_intent: 'pi_1',
        }),
      ),
    ).toEqual({
      provider: 'stripe',
      id: 'evt_1',
      type: 'charge.refunded',
      paymentId: 'pi_1',
      amount: 900,
      amountRefunded: 400,
      at: new Date('2026-06-10T12:00:00Z'),
    });
    expect(
      fromStripeEvent(
        stripeEvent('charge.dispute.created', {
          id: 'dp_1',
          amount: 900,
          charge: 'ch_1',
          payment_intent: null,
          reason: 'fraudulent',
          status: 'needs_response',
        }),
      ),
    ).toMatchObject({
      type: 'charge.dispute.created',
      paymentId: 'ch_1',
      disputeId: 'dp_1',
      status: 'needs_response',
    });
  });

  it('reads an ended subscription and ignores the types the portal does not act on', () => {
    expect(
      fromStripeEvent(
        stripeEvent('customer.subscription.deleted', { id: 'sub_1', ended_at: at('2026-06-11T00:00:00Z') }),
      ),
    ).toMatchObject({
      type: 'customer.subscription.deleted',
      subscriptionId: 'sub_1',
      at: new Date('2026-06-11T00:00:00Z'),
    });
    expect(fromStripeEvent(stripeEvent('customer.created', { id: 'cus_1' }))).toBeNull();
    expect(fromStripeEvent(stripeEvent('payment_intent.succeeded', { id: 'pi_1' }))).toBeNull();
  });
});

describe('the sandbox’s events', () => {
  const bill = {
    id: 'in_sandbox_1',
    status: 'paid' as const,
    amount_due: 100,
    amount_paid: 100,
    currency: 'usd',
    period_start: new Date('2026-06-10T12:00:00Z'),
    period_end: new Date('2026-07-10T12:00:00Z'),
    paid_at: new Date('2026-06-10T12:00:00Z'),
  };

  it('a paid renewal is invoice.paid, an unpaid one invoice.payment_failed, each with an id of its own', () => {
    const paid = sandboxInvoiceEvent('sub_sandbox_1', bill);
    const failed = sandboxInvoiceEvent('sub_sandbox_1', {
      ...bill,
      status: 'open',
      amount_paid: 0,
      paid_at: null,
    });
    expect(paid).toMatchObject({ provider: 'sandbox', type: 'invoice.paid', renewal: true });
    expect(failed).toMatchObject({ provider: 'sandbox', type: 'invoice.payment_failed' });
    expect(paid.id).toMatch(/^evt_sandbox_[0-9a-f]{24}$/);
    expect(paid.id).not.toBe(failed.id);
  });

  it('the same happening twice is the same event (a repeated run applies nothing more)', () => {
    const when = new Date('2026-06-10T12:00:00Z');
    expect(sandboxInvoiceEvent('sub_sandbox_1', bill).id).toBe(sandboxInvoiceEvent('sub_sandbox_1', bill).id);
    expect(sandboxRefundEvent('pi_sandbox_1', 100, when).id).toBe(
      sandboxRefundEvent('pi_sandbox_1', 100, when).id,
    );
    expect(sandboxDisputeEvent('pi_sandbox_1', 100, when).id).not.toBe(
      sandboxDisputeEvent('pi_sandbox_1', 100, when, 'lost').id,
    );
    expect(sandboxDisputeEvent('pi_sandbox_1', 100, when, 'lost')).toMatchObject({
      type: 'charge.dispute.closed',
      status: 'lost',
    });
  });
});
