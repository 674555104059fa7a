import type { CheckoutRequest, CheckoutStep } from '@portal/domain/contracts/checkout-submit';
import type { PatientUser } from '@portal/domain/contracts/user';
import { nationalNumber } from '@portal/domain/format/phone';
import { orderName } from '@portal/domain/orders/order-name';
import type { FastifyBaseLogger } from 'fastify';
import type { CheckoutProgress } from '../../db/schema/checkouts';
import { ApiError, Errors } from '../../platform/errors';
import { describeError } from '../../platform/log-safe';
import type { PaymentAdapter } from '../../platform/payments/adapter';
import type { BillingService } from '../billing/billing.service';
import type { createMarketingRepository } from '../marketing/marketing.repository';
import { SUBSCRIBER_EVENT, TAG_EVENT } from '../marketing/marketing.repository';
import type { Notifier } from '../notifications/notifier';
import { createOrdersRepository, type OrdersRepository } from '../orders/orders.repository';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { UserChanges, UsersRepository } from '../users/users.repository';
import type { CheckoutService } from './checkout.service';
import { CheckoutErrors, digest } from './checkout-idempotency';
import type { ConsultationPrice, PurchasePrice } from './checkout-pricing';
import type { CheckoutRow, CheckoutsRepository } from './checkouts.repository';

export type Actor = { userId: string; organizationId: string };
export type ConsultationPlan = {
  kind: 'consultation';
  user: PatientUser;
  intakeId: string;
  price: ConsultationPrice;
  startMembership: boolean;
};
export type PurchasePlan = { kind: 'signup' | 'shop'; user: PatientUser; price: PurchasePrice };
export type Plan = ConsultationPlan | PurchasePlan;

/** Tags of 000 §4 "Marketing tags toggle" (consultation) and 002 §4.5 (signup and shop). */
const CONSULTATION_TAGS: [string, 'active' | 'inactive'][] = [
  ['status:checkout:incomplete', 'inactive'],
  ['status:checkout:complete', 'active'],
  ['status:intake:incomplete', 'inactive'],
  ['status:intake:complete', 'active'],
];
/**
 * 000 §4: verification incomplete to complete, once the patient has given what the clinic verifies (an ID
 * photo and a selfie) or was verified already; until then the incomplete tag stays active.
 */
export function verificationTags(user: PatientUser): [string, 'active' | 'inactive'][] {
  const given = user.verified || (Boolean(user.image.id?.id_url) && Boolean(user.image.profile?.profile_url));
  return given
    ? [
        ['status:verification:incomplete', 'inactive'],
        ['status:verification:complete', 'active'],
      ]
    : [['status:verification:incomplete', 'active']];
}
const PURCHASE_TAGS: [string, 'active' | 'inactive'][] = [
  ['status:checkout:incomplete', 'inactive'],
  ['status:checkout:complete', 'active'],
];

const COMPENSATION_REASON = 'The checkout could not be completed.';

/**
 * The steps of the one-call checkout (decision 013), each done once: `isDone` tells from the saved progress
 * (and the request: a corrected address or card is a step still to do) whether a step is finished, `runStep`
 * does it and notes its result in the progress, and the two compensations undo what a refused step leaves
 * half-done. Outside calls (the payment provider) run outside any transaction; local writes in short ones.
 */
export function createCheckoutSteps(deps: {
  repo: CheckoutsRepository;
  users: UsersRepository;
  billing: BillingService;
  subscriptions: SubscriptionsService;
  completion: CheckoutService;
  orders: OrdersRepository;
  marketing: ReturnType<typeof createMarketingRepository>;
  payments: PaymentAdapter;
  notifier: Notifier;
  now: () => Date;
  saveProgress: (id: string, step: CheckoutStep, progress: CheckoutProgress) => Promise<void>;
  /** How long each saved step renews the running request's hold. */
  leaseMs: number;
}) {
  const { repo, users, billing, subscriptions, completion, orders, marketing, payments, notifier, now } =
    deps;
  const { saveProgress, leaseMs } = deps;

  async function patient(userId: string): Promise<PatientUser> {
    const user = await users.findPatient(userId);
    if (!user) throw Errors.notFound('The patient');
    return user;
  }

  /** Undoes a visit's half-done steps: the membership (and coaching subscription) this checkout started. */
  async function compensateVisit(actor: Actor, plan: ConsultationPlan, progress: CheckoutProgress) {
    const owned = [progress.membership, progress.coaching]
      .filter((s) => s?.created)
      .map((s) => s!.subscription);
    const cancelled = [...new Set(owned)];
    if (cancelled.length === 0) return progress;
    const at = now();
    await repo.transaction(async (r) => {
      await r.cancelSubscriptions(cancelled, COMPENSATION_REASON, at);
      await r.detachFromIntake(plan.intakeId, cancelled, at);
      if (progress.membership?.created && plan.price.membership)
        await r.clearMembership(actor.userId, plan.price.membership.membership);
    });
    const kept = { ...progress };
    if (kept.membership && cancelled.includes(kept.membership.subscription)) delete kept.membership;
    if (kept.coaching && cancelled.includes(kept.coaching.subscription)) delete kept.coaching;
    return kept;
  }

  function isDone(
    step: CheckoutStep,
    progress: CheckoutProgress,
    plan: Plan,
    body: CheckoutRequest,
  ): boolean {
    switch (step) {
      case 'shipping':
        return progress.shipping === digest(body.shipping);
      case 'card':
        return body.payment.method === 'saved_card' || progress.card === digest(body.payment.token);
      case 'membership':
        return plan.kind !== 'consultation' || !plan.startMembership || progress.membership !== undefined;
      case 'coaching':
        return plan.kind !== 'consultation' || !plan.price.coachingProduct || progress.coaching !== undefined;
      case 'intake':
        return plan.kind !== 'consultation' || progress.intake === true;
      case 'orders':
        return plan.kind === 'consultation' || progress.orders !== undefined;
      case 'payment':
        return plan.kind === 'consultation' || Boolean(progress.payment && 'paymentId' in progress.payment);
      case 'subscriptions': {
        if (plan.kind === 'consultation') return true;
        const done = new Set((progress.subscriptions ?? []).map((s) => s.product));
        return plan.price.items.every((i) => i.variant.pricingType !== 'recurring' || done.has(i.variant.id));
      }
      case 'marketing':
        return progress.marketing === true;
    }
  }

  async function saveShipping(userId: string, body: CheckoutRequest) {
    const current = await patient(userId);
    const info = Object.fromEntries(
      Object.entries(body.shipping.shipping_info)
        .map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v] as const)
        .filter(([k, v]) => !(k === 'apt_suite' && !v)),
    );
    const changes: UserChanges = { shippingInfo: { country: 'us', ...current.shipping_info, ...info } };
    if (body.shipping.mobile_number !== undefined) {
      const mobile = nationalNumber(body.shipping.mobile_number);
      changes.mobileNumber = mobile || null;
      if (mobile !== current.mobile_number) changes.mobileVerified = false;
    }
    const updated = await users.update(userId, changes);
    if (!updated || updated === 'email-taken') throw Errors.notFound('The patient');
  }

  /**
   * Charges the one-time lines' total (the checkout's `chargedNow`) once, outside any transaction, under a
   * provider idempotency key of this checkout and attempt: a retry after a lost answer (or a request that
   * died) is the same charge, a retry after a refusal a new attempt. Nothing is written before the charge,
   * so a refused card leaves nothing to undo.
   */
  async function charge(actor: Actor, row: CheckoutRow, plan: PurchasePlan, progress: CheckoutProgress) {
    const amount = plan.price.totals.chargedNow;
    const attempt = progress.payment?.attempt ?? 1;
    if (amount <= 0) {
      progress.payment = { attempt, paymentId: null };
      return;
    }
    const payer = await orders.payer(actor.userId);
    const customerId = payer?.stripeId ?? null;
    if (!customerId || !payments.ownsCustomer(customerId)) throw CheckoutErrors.missingCard();
    // what is charged now: the one-time lines, and the one-time fees of recurring ones (002 §3)
    const charged = plan.price.items.filter((_, i) => (plan.price.totals.lines[i]?.chargedNow ?? 0) > 0);
    const first = charged[0]?.variant.templateName ?? 'Order';
    try {
      const { paymentId } = await payments.charge({
        customerId,
        amount,
        currency: charged[0]?.variant.currency ?? 'usd',
        description: charged.length > 1 ? `${first} and ${charged.length - 1} more` : first,
        idempotencyKey: `checkout-${row.id}-${attempt}`,
      });
      progress.payment = { attempt, paymentId };
    } catch (error) {
      // A refusal is final for this attempt: the retry (with another card) charges under a new key.
      if (error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500)
        progress.payment = { attempt: attempt + 1 };
      throw error;
    }
  }

  /**
   * The one-time lines as paid orders (002 §7.2's create and submit), priced by the checkout's totals, with
   * their invoices and the code's redemptions, in one transaction with the checkout's progress: a retry
   * never places them twice.
   */
  async function placeOrders(actor: Actor, row: CheckoutRow, plan: PurchasePlan, progress: CheckoutProgress) {
    const at = now();
    const { items, totals, coupon } = plan.price;
    const paymentId = progress.payment?.paymentId ?? null;
    const placed: { product: string; order: string }[] = [];
    await repo.transactionWith(async (r, tx) => {
      const o = createOrdersRepository(tx);
      for (const [i, item] of items.entries()) {
        if (item.variant.pricingType !== 'one_time') continue;
        const line = totals.lines[i]!;
        const id = await o.insert({
          name: orderName(at, item.variant.templateName),
          userId: actor.userId,
          organizationId: actor.organizationId,
          productTemplateId: item.variant.templateId,
          productId: item.variant.id,
          quantity: item.quantity,
          promoCode: line.percentOff && coupon ? coupon.code : null,
          // a one-time fee (002 §3) is part of what the order was charged, never discounted
          subtotalAmount: line.subTotal - line.savings + line.oneTimeFee,
          discountAmount: line.specialDiscount,
          amount: line.total + line.oneTimeFee,
          currency: item.variant.currency,
        });
        await o.setStatus(id, { status: 'paid', submittedAt: at, providerPaymentId: paymentId });
        const order = await o.find(id);
        if (order) {
          await o.issueInvoice(order, at);
          await o.openLabReport(order);
        }
        const redeemed = order?.promoCode
          ? await o.lockCoupon(actor.organizationId, order.promoCode)
          : undefined;
        if (redeemed && order)
          await o.redeem({
            couponId: redeemed.id,
            userId: actor.userId,
            organizationId: actor.organizationId,
            orderId: id,
            amountOff: order.discountAmount,
          });
        placed.push({ product: item.variant.id, order: id });
      }
      progress.orders = placed;
      await r.saveProgress(row.id, 'orders', progress, at, new Date(at.getTime() + leaseMs));
    });
    for (const { order: id } of placed) {
      const order = await orders.find(id);
      if (!order) continue;
      await notifier
        .notify(actor.userId, actor.organizationId, {
          category: 'order',
          message: `We received your payment for ${order.productName}. Your order is being prepared.`,
          data: { type: 'other', orderId: id },
        })
        .catch(() => undefined);
    }
  }

  async function recordMarketing(
    actor: Actor,
    row: CheckoutRow,
    plan: Plan,
    body: CheckoutRequest,
    log: FastifyBaseLogger,
  ) {
    try {
      const { userId, organizationId } = actor;
      if (plan.kind === 'consultation' && !(await marketing.isSubscriber(userId)))
        await marketing.record(organizationId, userId, SUBSCRIBER_EVENT, {});
      const tags = [
        ...(plan.kind === 'consultation'
          ? [...CONSULTATION_TAGS, ...verificationTags(plan.user)]
          : PURCHASE_TAGS),
        ...(body.marketing_tags ?? []).map((t) => [t.tag, t.status] as [string, 'active' | 'inactive']),
      ];
      for (const [tag, status] of tags)
        await marketing.record(organizationId, userId, TAG_EVENT, { tag, status });
      // The visit's completion records its own conversion; a purchase records one here.
      if (plan.kind !== 'consultation')
        await marketing.record(organizationId, userId, 'checkout_completed', {
          checkout_id: row.id,
          kind: plan.kind,
          promo_code: plan.price.coupon?.code ?? null,
          value: plan.price.totals.totalDueNow,
          charged: plan.price.totals.chargedNow,
        });
    } catch (error) {
      // Marketing never fails a checkout (000 §4 step 6: its failures are only logged).
      log.warn({ err: describeError(error) }, 'checkout: marketing events not recorded');
    }
  }

  async function runStep(
    step: CheckoutStep,
    ctx: {
      actor: Actor;
      row: CheckoutRow;
      plan: Plan;
      body: CheckoutRequest;
      progress: CheckoutProgress;
      log: FastifyBaseLogger;
    },
  ): Promise<void> {
    const { actor, row, plan, body, progress, log } = ctx;
    const { userId, organizationId } = actor;
    switch (step) {
      case 'shipping':
        await saveShipping(userId, body);
        progress.shipping = digest(body.shipping);
        return;
      case 'card':
        if (body.payment.method !== 'new_card') return;
        await billing.saveCard(userId, body.payment.token, log, body.referral ?? {});
        progress.card = digest(body.payment.token);
        return;
      case 'membership': {
        if (plan.kind !== 'consultation' || !plan.price.membership) return;
        const { membership, price } = plan.price.membership;
        const started = await subscriptions.startMembership(userId, organizationId, membership, price);
        progress.membership = { subscription: started.subscription._id, created: started.created };
        return;
      }
      case 'coaching': {
        if (plan.kind !== 'consultation' || !plan.price.coachingProduct) return;
        const made = await subscriptions.createForProduct(
          userId,
          organizationId,
          plan.price.coachingProduct,
          {
            quantity: 1,
            promoCode: plan.price.coupon?.code ?? null,
            intakeId: plan.intakeId,
            // nothing is charged before a physician approves (000 §1): a fee stays due with the first period
            at: now(),
          },
        );
        progress.coaching = { subscription: made.subscription._id, created: made.created };
        return;
      }
      case 'intake':
        if (plan.kind !== 'consultation') return;
        await completion.complete(plan.intakeId, organizationId, plan.price.coupon?.code ?? null, now());
        progress.intake = true;
        return;
      case 'orders':
        if (plan.kind === 'consultation') return;
        await placeOrders(actor, row, plan, progress);
        return;
      case 'payment':
        if (plan.kind === 'consultation') return;
        await charge(actor, row, plan, progress);
        return;
      case 'subscriptions': {
        if (plan.kind === 'consultation') return;
        const done = progress.subscriptions ?? [];
        for (const [i, item] of plan.price.items.entries()) {
          if (item.variant.pricingType !== 'recurring' || done.some((s) => s.product === item.variant.id))
            continue;
          const line = plan.price.totals.lines[i];
          const made = await subscriptions.createForProduct(userId, organizationId, item.variant.id, {
            quantity: item.quantity,
            promoCode: line?.percentOff ? (plan.price.coupon?.code ?? null) : null,
            intakeId: null,
            // the trial starts with the purchase; the fee was charged with it (the payment step)
            at: now(),
            oneTimeFeePaid: (line?.oneTimeFee ?? 0) > 0 && (line?.chargedNow ?? 0) > 0,
          });
          done.push({ product: item.variant.id, subscription: made.subscription._id, created: made.created });
          progress.subscriptions = done;
          await saveProgress(row.id, step, progress);
        }
        progress.subscriptions = done;
        return;
      }
      case 'marketing':
        await recordMarketing(actor, row, plan, body, log);
        progress.marketing = true;
        return;
    }
  }

  return { isDone, runStep, compensateVisit };
}
export type CheckoutSteps = ReturnType<typeof createCheckoutSteps>;
