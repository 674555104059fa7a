import type { SubscriptionStatus } from '@portal/domain/contracts/subscription';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { orders } from '../../db/schema/orders';
import { paymentEvents } from '../../db/schema/payment-events';
import { invoices, subscriptions } from '../../db/schema/subscriptions';
import type { PaymentEvent } from '../../platform/payments/events';
import type { BillingInvoice } from '../../platform/payments/subscription-billing';
import { shipSubscription } from '../fulfilment/ship';
import type { NotificationInput, Notifier } from '../notifications/notifier';

/** A notification stored with the event's changes, to be delivered once they are committed. */
export type PendingNotice = { userId: string; organizationId: string; input: NotificationInput };

/** Statuses a paid renewal makes active again (as the sandbox's billing clock does). */
const PAID_MAKES_ACTIVE: ReadonlySet<SubscriptionStatus> = new Set([
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'rescheduled',
  'paused_by_reschedule',
]);
/** Statuses a failed renewal turns into past due ("Failed Payment", 001 §4). */
const FAILURE_MAKES_PAST_DUE: ReadonlySet<SubscriptionStatus> = new Set([
  'active',
  'trialing',
  'rescheduled',
  'paused_by_reschedule',
]);

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * Applies a payment provider's event to the portal's subscriptions, orders and invoices, once: the event's
 * key goes into payment_events in the same transaction as its changes, so a replay or a concurrent
 * duplicate (which waits on the first one's key) changes nothing and answers false.
 */
export function createPaymentEventApplier(deps: { db: Db; notifier: Pick<Notifier, 'store' | 'deliver'> }) {
  async function applyWithin(
    tx: Db,
    event: PaymentEvent,
  ): Promise<{ applied: boolean; notices: PendingNotice[] }> {
    const [claimed] = await tx
      .insert(paymentEvents)
      .values({ provider: event.provider, eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.eventId });
    if (!claimed) return { applied: false, notices: [] };

    const notices: PendingNotice[] = [];
    switch (event.type) {
      case 'invoice.paid':
      case 'invoice.payment_failed':
        await invoiceSettled(tx, event, notices);
        break;
      case 'charge.refunded':
        await refunded(tx, event.paymentId, event.amountRefunded, notices);
        break;
      case 'charge.dispute.created':
      case 'charge.dispute.closed':
        await disputed(tx, event);
        break;
      case 'customer.subscription.deleted':
        await subscriptionEnded(tx, event.subscriptionId, event.at, notices);
        break;
    }
    for (const n of notices) await deps.notifier.store(tx, n.userId, n.organizationId, n.input);
    return { applied: true, notices };
  }

  async function lockSubscription(tx: Db, providerSubscriptionId: string) {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
      .limit(1)
      .for('update');
    return row;
  }

  async function invoiceSettled(
    tx: Db,
    event: Extract<PaymentEvent, { type: 'invoice.paid' | 'invoice.payment_failed' }>,
    notices: PendingNotice[],
  ) {
    const sub = await lockSubscription(tx, event.subscriptionId);
    if (!sub) return;
    const paid = event.type === 'invoice.paid';
    await upsertInvoice(tx, sub, event.invoice, paid);

    const patch: Partial<typeof subscriptions.$inferInsert> = {};
    // events can arrive out of order: the mirrored period only moves forward
    if (!sub.currentPeriodEnd || event.invoice.period_end.getTime() > sub.currentPeriodEnd.getTime()) {
      patch.currentPeriodStart = event.invoice.period_start;
      patch.currentPeriodEnd = event.invoice.period_end;
    }
    // a paid period after the first ships, under the same key whether the sandbox or Stripe reports it
    if (paid && event.renewal && PAID_MAKES_ACTIVE.has(sub.status))
      await shipSubscription(
        tx,
        sub,
        { source: 'renewal', key: `renewal-${event.invoice.period_start.toISOString()}` },
        event.invoice.paid_at ?? event.invoice.period_start,
      );
    const note = (input: NotificationInput) =>
      notices.push({ userId: sub.userId, organizationId: sub.organizationId, input });
    if (paid && PAID_MAKES_ACTIVE.has(sub.status)) {
      patch.status = 'active';
      if (sub.status === 'past_due' || sub.status === 'unpaid')
        note({
          category: 'payment',
          message: `Thank you: your payment for your ${sub.name} subscription went through.`,
          data: { subscriptionId: sub.id },
        });
      else if (event.renewal)
        note({
          category: 'subscription',
          message: `Your ${sub.name} subscription has renewed.`,
          data: { subscriptionId: sub.id },
        });
    } else if (!paid && FAILURE_MAKES_PAST_DUE.has(sub.status)) {
      patch.status = 'past_due';
      note({
        category: 'payment',
        message: `We couldn't charge your card for your ${sub.name} subscription. Please update your payment information so your treatment continues without a break.`,
        data: { subscriptionId: sub.id },
      });
    }
    if (Object.keys(patch).length > 0)
      await tx
        .update(subscriptions)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(subscriptions.id, sub.id));
  }

  /** The provider's invoice as its row; a paid one is never turned back to open by a late failure event. */
  async function upsertInvoice(
    tx: Db,
    sub: { id: string; organizationId: string; userId: string },
    invoice: BillingInvoice,
    paid: boolean,
  ) {
    const status = paid ? 'paid' : invoice.status === 'paid' ? 'open' : invoice.status;
    const amountPaid = paid ? invoice.amount_paid || invoice.amount_due : 0;
    const paidAt = paid ? (invoice.paid_at ?? invoice.period_start) : null;
    await tx
      .insert(invoices)
      .values({
        organizationId: sub.organizationId,
        userId: sub.userId,
        subscriptionId: sub.id,
        amountDue: invoice.amount_due,
        amountPaid,
        currency: invoice.currency,
        status,
        periodStart: invoice.period_start,
        periodEnd: invoice.period_end,
        providerInvoiceId: invoice.id,
        paidAt,
        createdAt: invoice.period_start,
      })
      .onConflictDoUpdate({
        target: invoices.providerInvoiceId,
        set: { status, amountPaid, paidAt },
        setWhere: ne(invoices.status, 'paid'),
      });
  }

  /** The orders a payment paid, held until the transaction ends. */
  async function ordersPaidBy(tx: Db, paymentId: string) {
    return tx
      .select({
        id: orders.id,
        userId: orders.userId,
        organizationId: orders.organizationId,
        status: orders.status,
      })
      .from(orders)
      .where(eq(orders.providerPaymentId, paymentId))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .for('update');
  }

  /**
   * Spreads what went back to the card over the invoices of the payment's orders, oldest first (one checkout
   * pays several orders with one payment); an order whose invoice is wholly refunded is refunded.
   */
  async function refunded(tx: Db, paymentId: string, amountRefunded: number, notices: PendingNotice[]) {
    const found = await ordersPaidBy(tx, paymentId);
    if (found.length === 0) return;
    const paidInvoices = await tx
      .select({ id: invoices.id, orderId: invoices.orderId, amountPaid: invoices.amountPaid })
      .from(invoices)
      .where(
        and(
          inArray(
            invoices.orderId,
            found.map((o) => o.id),
          ),
          eq(invoices.status, 'paid'),
        ),
      )
      .orderBy(asc(invoices.createdAt), asc(invoices.id));
    let left = amountRefunded;
    const whollyRefunded = new Set<string>();
    for (const order of found) {
      for (const invoice of paidInvoices.filter((i) => i.orderId === order.id)) {
        const share = Math.min(invoice.amountPaid, Math.max(0, left));
        left -= share;
        await tx.update(invoices).set({ amountRefunded: share }).where(eq(invoices.id, invoice.id));
        if (share === invoice.amountPaid) whollyRefunded.add(order.id);
      }
    }
    const newlyRefunded = found.filter((o) => whollyRefunded.has(o.id) && o.status !== 'refunded');
    if (newlyRefunded.length > 0)
      await tx
        .update(orders)
        .set({ status: 'refunded', updatedAt: new Date() })
        .where(
          inArray(
            orders.id,
            newlyRefunded.map((o) => o.id),
          ),
        );
    if (amountRefunded > 0)
      notices.push({
        userId: found[0]!.userId,
        organizationId: found[0]!.organizationId,
        input: {
          category: 'payment',
          message: `We refunded ${dollars(amountRefunded)} to your card. It can take 5 to 10 business days to appear on your statement.`,
          data: { type: 'other', orderId: found[0]!.id },
        },
      });
  }

  /**
   * A dispute flags the orders the payment paid (the clinic sees it on the order and in the patient's audit
   * trail); a dispute the clinic lost gives the money back like a refund.
   */
  async function disputed(
    tx: Db,
    event: Extract<PaymentEvent, { type: 'charge.dispute.created' | 'charge.dispute.closed' }>,
  ) {
    const found = await ordersPaidBy(tx, event.paymentId);
    if (found.length === 0) return;
    await tx
      .update(orders)
      .set({
        disputeStatus: event.status.slice(0, 32),
        ...(event.type === 'charge.dispute.created' ? { disputedAt: event.at } : {}),
        updatedAt: new Date(),
      })
      .where(
        inArray(
          orders.id,
          found.map((o) => o.id),
        ),
      );
    await tx.insert(auditLog).values(
      found.map((o) => ({
        at: event.at,
        actorId: null,
        organizationId: o.organizationId,
        patientId: o.userId,
        action: `payment dispute ${event.status} (${event.reason}) on order ${o.id}`.slice(0, 200),
        outcome: 'allowed' as const,
        statusCode: 200,
        requestId: event.id.slice(0, 64),
      })),
    );
    if (event.type === 'charge.dispute.closed' && event.status === 'lost')
      await refunded(tx, event.paymentId, event.amount, []);
  }

  async function subscriptionEnded(
    tx: Db,
    providerSubscriptionId: string,
    at: Date,
    notices: PendingNotice[],
  ) {
    const sub = await lockSubscription(tx, providerSubscriptionId);
    if (!sub || sub.status === 'canceled') return;
    await tx
      .update(subscriptions)
      .set({
        status: 'canceled',
        canceledAt: at,
        cancelReason: sub.cancelReason ?? 'Ended by the payment provider',
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.id, sub.id));
    notices.push({
      userId: sub.userId,
      organizationId: sub.organizationId,
      input: {
        category: 'subscription',
        message: `Your ${sub.name} subscription has ended. If you did not expect this, please message our care team: we are glad to help.`,
        data: { subscriptionId: sub.id },
      },
    });
  }

  return {
    applyWithin,
    /** Applies the event in its own transaction, then delivers its notifications; false for a replay. */
    async apply(event: PaymentEvent): Promise<boolean> {
      const { applied, notices } = await deps.db.transaction((tx) => applyWithin(tx as unknown as Db, event));
      for (const n of notices) deps.notifier.deliver(n.userId, n.input);
      return applied;
    },
  };
}
export type PaymentEventApplier = ReturnType<typeof createPaymentEventApplier>;
