import { FIXED_NOW } from '@portal/domain/testing/fixed-clock';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids';
import { paymentMethods } from '../../db/schema/billing';
import { orders } from '../../db/schema/orders';
import { invoices, subscriptions } from '../../db/schema/subscriptions';
import { sandboxDisputeEvent, sandboxInvoiceEvent, sandboxRefundEvent } from '../../platform/payments/events';
import { createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';
import { notifierFor } from '../notifications/notifier';
import { RENEWAL_QUEUE } from '../subscriptions/renewal-job';
import { createPaymentEventApplier } from './payment-events';
import { STRIPE_WEBHOOK_URL } from './stripe-webhook.routes';

const SECRET = 'whsec_test_portal_webhook_secret';
const DAY = 86_400_000;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

let t: TestApp;
let org: string;
let template: string;
let product: string;
type Patient = Awaited<ReturnType<typeof signupPatient>>;

beforeAll(async () => {
  t = await createTestApp({ STRIPE_WEBHOOK_SECRET: SECRET, RATE_LIMIT_ADDRESS: '1000' });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  const [p] = await rows<{ id: string; template: string }>(
    t.database,
    sql`select p.id, p.product_template_id as template from products p
        where p.organization_id = ${org} and p.active order by p.id limit 1`,
  );
  product = p!.id;
  template = p!.template;
});
afterAll(() => t.close());

/** A subscription billed by the provider `providerId`, its period ending today. */
async function subscription(
  p: Patient,
  providerId: string,
  over: Partial<typeof subscriptions.$inferInsert> = {},
) {
  const id = newId();
  await t.database.db.insert(subscriptions).values({
    id,
    userId: p.id,
    organizationId: org,
    status: 'active',
    type: 'medication',
    name: 'Generic Rapamycin',
    durationMonths: 1,
    productPlans: [{ product_template: template, product, quantity: 4, duration: 1, unit_amount: 15_000 }],
    currentPeriodStart: new Date(FIXED_NOW.getTime() - 30 * DAY),
    currentPeriodEnd: FIXED_NOW,
    providerSubscriptionId: providerId,
    ...over,
  });
  return id;
}

/** A one-time order paid by `paymentId`, with its paid invoice. */
async function paidOrder(p: Patient, paymentId: string, amount = 9_900) {
  const id = newId();
  await t.database.db.insert(orders).values({
    id,
    name: '2026_06_10 Lab',
    userId: p.id,
    organizationId: org,
    productTemplateId: template,
    productId: product,
    status: 'paid',
    subtotalAmount: amount,
    amount,
    providerPaymentId: paymentId,
    submittedAt: FIXED_NOW,
  });
  await t.database.db.insert(invoices).values({
    organizationId: org,
    userId: p.id,
    orderId: id,
    amountDue: amount,
    amountPaid: amount,
    status: 'paid',
    paidAt: FIXED_NOW,
    createdAt: FIXED_NOW,
  });
  return id;
}

let seq = 0;
const eventId = () => `evt_test_${Date.now()}_${++seq}`;

function invoiceEvent(
  type: 'invoice.paid' | 'invoice.payment_failed',
  sub: string,
  opts: { invoiceId: string; start: Date; end: Date; amount: number },
) {
  const paid = type === 'invoice.paid';
  return {
    id: eventId(),
    object: 'event',
    type,
    created: unix(opts.start),
    data: {
      object: {
        id: opts.invoiceId,
        object: 'invoice',
        status: paid ? 'paid' : 'open',
        billing_reason: 'subscription_cycle',
        amount_due: opts.amount,
        amount_paid: paid ? opts.amount : 0,
        currency: 'usd',
        period_start: unix(new Date(opts.start.getTime() - 30 * DAY)),
        period_end: unix(opts.start),
        status_transitions: { paid_at: paid ? unix(opts.start) : null },
        lines: { data: [{ period: { start: unix(opts.start), end: unix(opts.end) } }] },
        parent: { subscription_details: { subscription: sub } },
      },
    },
  };
}

const chargeEvent = (paymentId: string, amount: number, refunded: number) => ({
  id: eventId(),
  object: 'event',
  type: 'charge.refunded',
  created: unix(FIXED_NOW),
  data: {
    object: {
      id: `ch_${paymentId}`,
      object: 'charge',
      amount,
      amount_refunded: refunded,
      refunded: refunded === amount,
      payment_intent: paymentId,
    },
  },
});

const disputeEvent = (paymentId: string, amount: number, status = 'needs_response') => ({
  id: eventId(),
  object: 'event',
  type: status === 'needs_response' ? 'charge.dispute.created' : 'charge.dispute.closed',
  created: unix(FIXED_NOW),
  data: {
    object: {
      id: `dp_${paymentId}`,
      object: 'dispute',
      amount,
      charge: `ch_${paymentId}`,
      payment_intent: paymentId,
      reason: 'fraudulent',
      status,
    },
  },
});

/** Posts an event signed as Stripe signs it, with the SDK's own test helper. */
function post(event: object, secret = SECRET) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({
    method: 'POST',
    url: STRIPE_WEBHOOK_URL,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

const subscriptionRow = async (id: string) =>
  (
    await t.database.db
      .select({
        status: subscriptions.status,
        start: subscriptions.currentPeriodStart,
        end: subscriptions.currentPeriodEnd,
      })
      .from(subscriptions)
      .where(eq(subscriptions.id, id))
  )[0]!;
const invoicesOf = (id: string) =>
  t.database.db
    .select({
      status: invoices.status,
      amount_due: invoices.amountDue,
      amount_paid: invoices.amountPaid,
      period_start: invoices.periodStart,
      period_end: invoices.periodEnd,
    })
    .from(invoices)
    .where(eq(invoices.subscriptionId, id))
    .orderBy(invoices.periodStart);
const notificationsOf = (userId: string) =>
  rows<{ category: string; message: string }>(
    t.database,
    sql`select category, message from notifications where user_id = ${userId} order by created_at, id`,
  );
const orderRow = async (id: string) =>
  (
    await rows<{ status: string; dispute_status: string | null; refunded: number }>(
      t.database,
      sql`select o.status, o.dispute_status, i.amount_refunded as refunded
          from orders o join invoices i on i.order_id = o.id where o.id = ${id}`,
    )
  )[0]!;
const processed = async (id: string) =>
  (await rows(t.database, sql`select 1 from payment_events where provider = 'stripe' and event_id = ${id}`))
    .length;

const next = new Date(FIXED_NOW.getTime() + 30 * DAY);

describe('POST /webhooks/stripe: the signature', () => {
  it('refuses a wrong, a missing or a stale signature with 400 in the error shape, applying nothing', async () => {
    const p = await signupPatient(t.app, org);
    const providerId = `sub_${newId()}`;
    const id = await subscription(p, providerId);
    const event = invoiceEvent('invoice.paid', providerId, {
      invoiceId: `in_${newId()}`,
      start: FIXED_NOW,
      end: next,
      amount: 15_000,
    });
    const payload = JSON.stringify(event);
    const attempts = [
      await post(event, 'whsec_someone_else'),
      await t.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_URL,
        headers: { 'content-type': 'application/json' },
        payload,
      }),
      await t.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_URL,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: SECRET,
            timestamp: Math.floor(Date.now() / 1000) - 3600,
          }),
        },
        payload,
      }),
      // the signed bytes altered after signing
      await t.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_URL,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
        },
        payload: payload.replace('15000', '1'),
      }),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        text: 'InvalidSignature',
        message: 'The webhook signature could not be verified.',
      });
    }
    expect(await processed(event.id)).toBe(0);
    expect(await invoicesOf(id)).toEqual([]);
    expect((await subscriptionRow(id)).end).toEqual(FIXED_NOW);
  });

  it('logs neither the signature, the secret nor the body of a refused request', async () => {
    const lines: string[] = [];
    const logged = await createTestApp(
      { STRIPE_WEBHOOK_SECRET: SECRET, LOG_LEVEL: 'info' },
      { database: t.database, logStream: { write: (line) => lines.push(line) } },
    );
    try {
      const payload = JSON.stringify({
        id: 'evt_private_marker',
        type: 'invoice.paid',
        data: { object: {} },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other_marker' });
      const res = await logged.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_URL,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
      expect(res.statusCode).toBe(400);
      const malformed = await logged.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_URL,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: '{"id": "evt_private_marker",',
      });
      expect(malformed.statusCode).toBe(400);
    } finally {
      await logged.close();
    }
    const log = lines.join('');
    expect(log).toContain('stripe webhook refused');
    for (const secret of [SECRET, 'whsec_other_marker', 'evt_private_marker', 'v1='])
      expect(log).not.toContain(secret);
  });

  it('acknowledges an event type it does not act on, changing nothing', async () => {
    const event = {
      id: eventId(),
      object: 'event',
      type: 'customer.created',
      created: 0,
      data: { object: {} },
    };
    const res = await post(event);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await processed(event.id)).toBe(0);
  });
});

describe('POST /webhooks/stripe: the events', () => {
  it('renewal: a paid invoice, the next billing date, a notice; replayed and sent ten times at once it counts once', async () => {
    const p = await signupPatient(t.app, org);
    const providerId = `sub_${newId()}`;
    const id = await subscription(p, providerId);
    const event = invoiceEvent('invoice.paid', providerId, {
      invoiceId: `in_${newId()}`,
      start: FIXED_NOW,
      end: next,
      amount: 15_000,
    });
    const first = await post(event);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await post(event);
    expect(replay.statusCode).toBe(200);
    const burst = await Promise.all(Array.from({ length: 10 }, () => post(event)));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(10).fill(200));

    expect(await subscriptionRow(id)).toEqual({ status: 'active', start: FIXED_NOW, end: next });
    expect(await invoicesOf(id)).toEqual([
      { status: 'paid', amount_due: 15_000, amount_paid: 15_000, period_start: FIXED_NOW, period_end: next },
    ]);
    expect(await notificationsOf(p.id)).toEqual([
      { category: 'subscription', message: 'Your Generic Rapamycin subscription has renewed.' },
    ]);
    expect(await processed(event.id)).toBe(1);
  });

  it('ten different deliveries of one event at once: applied once', async () => {
    const p = await signupPatient(t.app, org);
    const providerId = `sub_${newId()}`;
    const id = await subscription(p, providerId);
    const event = invoiceEvent('invoice.payment_failed', providerId, {
      invoiceId: `in_${newId()}`,
      start: FIXED_NOW,
      end: next,
      amount: 15_000,
    });
    const burst = await Promise.all(Array.from({ length: 10 }, () => post(event)));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await notificationsOf(p.id)).toHaveLength(1);
    expect(await invoicesOf(id)).toHaveLength(1);
  });

  it('failed payment: Failed Payment (past due), an open invoice, the patient kindly asked to update the card; paid later, active again', async () => {
    const p = await signupPatient(t.app, org);
    const providerId = `sub_${newId()}`;
    const id = await subscription(p, providerId);
    const invoiceId = `in_${newId()}`;
    const failed = await post(
      invoiceEvent('invoice.payment_failed', providerId, {
        invoiceId,
        start: FIXED_NOW,
        end: next,
        amount: 15_000,
      }),
    );
    expect(failed.statusCode, failed.body).toBe(200);
    expect(await subscriptionRow(id)).toEqual({ status: 'past_due', start: FIXED_NOW, end: next });
    expect(await invoicesOf(id)).toEqual([
      { status: 'open', amount_due: 15_000, amount_paid: 0, period_start: FIXED_NOW, period_end: next },
    ]);
    expect(await notificationsOf(p.id)).toEqual([
      {
        category: 'payment',
        message:
          "We couldn't charge your card for your Generic Rapamycin subscription. Please update your payment information so your treatment continues without a break.",
      },
    ]);

    // Stripe's retry with the new card pays the same invoice
    await post(
      invoiceEvent('invoice.paid', providerId, { invoiceId, start: FIXED_NOW, end: next, amount: 15_000 }),
    );
    expect((await subscriptionRow(id)).status).toBe('active');
    expect((await invoicesOf(id)).map((i) => [i.status, i.amount_paid])).toEqual([['paid', 15_000]]);
    expect((await notificationsOf(p.id)).at(-1)?.message).toBe(
      'Thank you: your payment for your Generic Rapamycin subscription went through.',
    );
    // a late delivery of the failure does not reopen what was paid
    await post(
      invoiceEvent('invoice.payment_failed', providerId, {
        invoiceId,
        start: FIXED_NOW,
        end: next,
        amount: 15_000,
      }),
    );
    expect((await invoicesOf(id)).map((i) => i.status)).toEqual(['paid']);
  });

  it('refund: the order refunded and its invoice carries what went back', async () => {
    const p = await signupPatient(t.app, org);
    const payment = `pi_${newId()}`;
    const order = await paidOrder(p, payment, 9_900);
    const res = await post(chargeEvent(payment, 9_900, 9_900));
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderRow(order)).toEqual({ status: 'refunded', dispute_status: null, refunded: 9_900 });
    expect((await notificationsOf(p.id)).at(-1)).toEqual({
      category: 'payment',
      message:
        'We refunded $99.00 to your card. It can take 5 to 10 business days to appear on your statement.',
    });
  });

  it('partial refund: recorded on the invoice, the order stays paid', async () => {
    const p = await signupPatient(t.app, org);
    const payment = `pi_${newId()}`;
    const order = await paidOrder(p, payment, 9_900);
    await post(chargeEvent(payment, 9_900, 2_000));
    expect(await orderRow(order)).toEqual({ status: 'paid', dispute_status: null, refunded: 2_000 });
  });

  it('dispute: the order flagged and the clinic told in the patient’s audit trail; lost, it is refunded', async () => {
    const p = await signupPatient(t.app, org);
    const payment = `pi_${newId()}`;
    const order = await paidOrder(p, payment, 9_900);
    await post(disputeEvent(payment, 9_900));
    expect(await orderRow(order)).toEqual({ status: 'paid', dispute_status: 'needs_response', refunded: 0 });
    const trail = await rows<{ action: string; actor_id: string | null }>(
      t.database,
      sql`select action, actor_id from audit_log where patient_id = ${p.id} and action like 'payment dispute%'`,
    );
    expect(trail).toEqual([
      { action: `payment dispute needs_response (fraudulent) on order ${order}`, actor_id: null },
    ]);
    await post(disputeEvent(payment, 9_900, 'lost'));
    expect(await orderRow(order)).toEqual({ status: 'refunded', dispute_status: 'lost', refunded: 9_900 });
  });

  it('subscription ended by Stripe: canceled, the patient told', async () => {
    const p = await signupPatient(t.app, org);
    const providerId = `sub_${newId()}`;
    const id = await subscription(p, providerId, { status: 'past_due' });
    const res = await post({
      id: eventId(),
      object: 'event',
      type: 'customer.subscription.deleted',
      created: unix(FIXED_NOW),
      data: { object: { id: providerId, object: 'subscription', ended_at: unix(FIXED_NOW) } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await subscriptionRow(id)).status).toBe('canceled');
    expect((await notificationsOf(p.id)).at(-1)?.category).toBe('subscription');
  });
});

describe('the sandbox emits the same events', () => {
  it('its refund and dispute go through the same applier with the same effects', async () => {
    const applier = createPaymentEventApplier({ db: t.database.db, notifier: notifierFor(t.app) });
    const p = await signupPatient(t.app, org);
    const payment = `pi_sandbox_${newId()}`;
    const order = await paidOrder(p, payment, 4_500);
    expect(await applier.apply(sandboxDisputeEvent(payment, 4_500, FIXED_NOW))).toBe(true);
    expect((await orderRow(order)).dispute_status).toBe('needs_response');
    expect(await applier.apply(sandboxRefundEvent(payment, 4_500, FIXED_NOW))).toBe(true);
    expect(await applier.apply(sandboxRefundEvent(payment, 4_500, FIXED_NOW))).toBe(false);
    expect(await orderRow(order)).toEqual({
      status: 'refunded',
      dispute_status: 'needs_response',
      refunded: 4_500,
    });
  });

  it('its renewal leaves the same rows as Stripe’s invoice.paid for the same period', async () => {
    const p = await signupPatient(t.app, org);
    await t.database.db.insert(paymentMethods).values({
      userId: p.id,
      organizationId: org,
      provider: 'sandbox',
      providerCustomerId: `cus_sandbox_${newId()}`,
      providerPaymentMethodId: `pm_sandbox_${newId()}`,
      brand: 'Visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
    const sandboxSub = await subscription(p, `sub_sandbox_${newId()}`);
    const stripeProviderId = `sub_${newId()}`;
    const stripeSub = await subscription(p, stripeProviderId);

    await t.app.ctx.jobs.runDue({ queues: [RENEWAL_QUEUE] });
    const sandboxInvoice = (
      await rows<{ provider_invoice_id: string }>(
        t.database,
        sql`select provider_invoice_id from invoices where subscription_id = ${sandboxSub}`,
      )
    )[0]!.provider_invoice_id;
    const sandboxEvents = await rows(
      t.database,
      sql`select 1 from payment_events where provider = 'sandbox' and event_id = ${
        sandboxInvoiceEvent(sandboxSub, {
          id: sandboxInvoice,
          status: 'paid',
          amount_due: 0,
          amount_paid: 0,
          currency: 'usd',
          period_start: FIXED_NOW,
          period_end: next,
          paid_at: FIXED_NOW,
        }).id
      }`,
    );
    expect(sandboxEvents).toHaveLength(1);

    const renewedEnd = (await subscriptionRow(sandboxSub)).end!;
    await post(
      invoiceEvent('invoice.paid', stripeProviderId, {
        invoiceId: `in_${newId()}`,
        start: FIXED_NOW,
        end: renewedEnd,
        amount: 15_000,
      }),
    );
    expect(await subscriptionRow(stripeSub)).toEqual(await subscriptionRow(sandboxSub));
    expect(await invoicesOf(stripeSub)).toEqual(await invoicesOf(sandboxSub));
    const parcels = await rows<{ subscription_id: string; source: string }>(
      t.database,
      sql`select subscription_id, source from fulfilment_orders where subscription_id in (${sandboxSub}, ${stripeSub})
          order by subscription_id = ${sandboxSub}`,
    );
    expect(parcels).toEqual([
      { subscription_id: stripeSub, source: 'renewal' },
      { subscription_id: sandboxSub, source: 'renewal' },
    ]);
    const [a, b] = [await notificationsOf(p.id)].map((n) =>
      n.filter((x) => x.category === 'subscription'),
    )[0]!;
    expect(a).toEqual(b);
  });
});
