import { createHash } from 'node:crypto';
import { RESTRICTED_LAB_STATES } from '@portal/domain/constants';
import type {
  CheckoutRequest,
  CheckoutResult,
  CheckoutStep,
  CheckoutTotalsBody,
} from '@portal/domain/contracts/checkout-submit';
import type { IntakeProduct } from '@portal/domain/contracts/intake';
import { orderName } from '@portal/domain/contracts/order';
import type { PatientUser } from '@portal/domain/contracts/user';
import { nationalNumber } from '@portal/domain/format/phone';
import { MESSAGES } from '@portal/domain/messages';
import type { CheckoutTotals } from '@portal/domain/pricing/checkout-totals';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { CheckoutError, CheckoutProgress } from '../../db/schema/checkouts';
import { isUniqueViolation } from '../../platform/db-errors';
import { ApiError, Errors } from '../../platform/errors';
import { describeError } from '../../platform/log-safe';
import type { PaymentAdapter } from '../../platform/payments/adapter';
import { createBillingRepository } from '../billing/billing.repository';
import { createBillingService } from '../billing/billing.service';
import { createIntakesRepository } from '../intakes/intakes.repository';
import { createMarketingRepository, SUBSCRIBER_EVENT, TAG_EVENT } from '../marketing/marketing.repository';
import { createMembershipsRepository } from '../memberships/memberships.repository';
import type { Notifier } from '../notifications/notifier';
import { createOrdersRepository } from '../orders/orders.repository';
import { createSubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { createSubscriptionsService } from '../subscriptions/subscriptions.service';
import type { UserChanges, UsersRepository } from '../users/users.repository';
import { createCheckoutRepository } from './checkout.repository';
import { completionRefusal, createCheckoutService, intakeAlreadyPaid } from './checkout.service';
import {
  type ConsultationPrice,
  createCheckoutPricing,
  type PricedItem,
  type PurchasePrice,
} from './checkout-pricing';
import { type CheckoutRow, createCheckoutsRepository } from './checkouts.repository';

/** How long a running checkout holds its key; a request that died is taken over after it. */
export const CHECKOUT_LEASE_MS = 120_000;

/** The steps of each kind, in order (000 §4 "Checkout submit"; 002 §4.4, §4.5). */
export const CONSULTATION_STEPS: readonly CheckoutStep[] = [
  'shipping',
  'card',
  'membership',
  'coaching',
  'intake',
  'marketing',
];
/** The charge is the last step that can be refused: nothing after it needs a refund. */
export const PURCHASE_STEPS: readonly CheckoutStep[] = [
  'shipping',
  'card',
  'orders',
  'payment',
  'subscriptions',
  'marketing',
];

/** Tags of 000 §4 "Marketing tags toggle" (consultation) and 002 §4.5 (signup and shop). */
const CONSULTATION_TAGS: [string, 'active' | 'inactive'][] = [
  ['status:checkout:incomplete', 'inactive'],
  ['status:checkout:complete', 'active'],
  ['status:intake:incomplete', 'inactive'],
  ['status:intake:complete', 'active'],
];
const PURCHASE_TAGS: [string, 'active' | 'inactive'][] = [
  ['status:checkout:incomplete', 'inactive'],
  ['status:checkout:complete', 'active'],
];

const COMPENSATION_REASON = 'The checkout could not be completed.';

export const CheckoutErrors = {
  inProgress: () =>
    new ApiError(
      409,
      'CheckoutInProgress',
      'Your checkout is already being processed. Please wait a moment.',
    ),
  keyReused: () =>
    new ApiError(
      422,
      'IdempotencyKeyReused',
      'This checkout was already submitted with other details. Please reload the page and submit again.',
    ),
  totalChanged: () =>
    new ApiError(
      409,
      'TotalChanged',
      'The total of your order has changed. Please review it and submit again.',
    ),
  missingCard: () => new ApiError(400, 'MissingCard', MESSAGES.missingCardAndAccount),
  labRestricted: () => new ApiError(400, 'InvalidState', MESSAGES.labRestrictedState),
};

/** JSON with sorted keys, so equal bodies always have equal digests. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
const digest = (value: unknown) => createHash('sha256').update(canonical(value)).digest('hex');

/** What is bought: a failed checkout may be retried with another address or card, never another purchase. */
function purchaseOf(body: CheckoutRequest) {
  const promo = body.promo_code ?? null;
  if (body.kind === 'consultation')
    return { kind: body.kind, intake: body.intake, membership: body.membership ?? null, promo };
  return { kind: body.kind, items: body.items, promo };
}

/** The membership recorded on the visit's products, as the checkout page falls back to it. */
function membershipOnIntake(entries: readonly IntakeProduct[]) {
  const entry = entries.find((p) => p.membership && p.treatment_properties?.membership_price);
  return entry?.membership && entry.treatment_properties?.membership_price
    ? { membership: entry.membership, price: entry.treatment_properties.membership_price }
    : null;
}

type Actor = { userId: string; organizationId: string };
type ConsultationPlan = {
  kind: 'consultation';
  user: PatientUser;
  intakeId: string;
  price: ConsultationPrice;
  startMembership: boolean;
};
type PurchasePlan = { kind: 'signup' | 'shop'; user: PatientUser; price: PurchasePrice };
type Plan = ConsultationPlan | PurchasePlan;

export type CheckoutHooks = {
  /** Called before each step runs (tests use it to change the world between steps). */
  beforeStep?: (step: CheckoutStep, checkoutId: string) => Promise<void>;
};

export type CheckoutUseCaseDeps = {
  db: Db;
  payments: PaymentAdapter;
  users: UsersRepository;
  notifier: Notifier;
  brandName: (organizationId: string) => Promise<string>;
  now: () => Date;
  hooks?: CheckoutHooks;
};

function totalsBody(totals: CheckoutTotals, currency: string): CheckoutTotalsBody {
  return {
    sub_total: totals.subTotal,
    savings: totals.savings,
    special_discount: totals.specialDiscount,
    total_due_now: totals.totalDueNow,
    charged_now: totals.chargedNow,
    currency,
    lines: totals.lines.map((l) => ({
      product: l.id,
      sub_total: l.subTotal,
      savings: l.savings,
      special_discount: l.specialDiscount,
      total: l.total,
      counted: l.counted,
      charged_now: l.chargedNow,
    })),
  };
}

/**
 * POST /v2/checkout (decision 013): every checkout as one server-side unit of work. It validates everything
 * before changing anything; records itself under the patient's Idempotency-Key; runs the documented steps in
 * order, outside calls (the payment provider) outside any transaction and local writes in short ones,
 * saving its progress after each step; answers a repeat of a finished checkout from its record; resumes a
 * failed one from the step that failed; and undoes what a refused step leaves half-done (a membership
 * started for a visit that cannot be completed, orders whose charge was refused).
 */
export function createCheckoutUseCase(deps: CheckoutUseCaseDeps) {
  const { db, payments, users, notifier, now } = deps;
  const repo = createCheckoutsRepository(db);
  const billing = createBillingService({ repo: createBillingRepository(db), payments, notifier });
  const memberships = createMembershipsRepository(db);
  const subscriptions = createSubscriptionsService({
    repo: createSubscriptionsRepository(db),
    memberships,
  });
  const completion = createCheckoutService({
    repo: createCheckoutRepository(db),
    intakes: createIntakesRepository(db),
    brandName: deps.brandName,
    notifier,
  });
  const orders = createOrdersRepository(db);
  const marketing = createMarketingRepository(db);
  const pricing = createCheckoutPricing({ repo, memberships, billing, now });

  const hasCard = (user: PatientUser) =>
    user.has_card_source && Boolean(user.stripe_id) && payments.ownsCustomer(user.stripe_id!);

  async function patient(userId: string): Promise<PatientUser> {
    const user = await users.findPatient(userId);
    if (!user) throw Errors.notFound('The patient');
    return user;
  }

  /**
   * What a stored checkout answers before anything runs: the same request of a finished one gets its answer
   * again; a running one 409; another body 422; a failed one (same purchase) continues (null).
   */
  function judge(row: CheckoutRow, requestHash: string, purchaseHash: string): 'replay' | 'resume' {
    if (row.status === 'completed') {
      if (row.requestHash !== requestHash) throw CheckoutErrors.keyReused();
      return 'replay';
    }
    if (row.status === 'in_progress' && row.lockedUntil && row.lockedUntil.getTime() > now().getTime()) {
      if (row.requestHash !== requestHash) throw CheckoutErrors.keyReused();
      throw CheckoutErrors.inProgress();
    }
    if (row.purchaseHash !== purchaseHash) throw CheckoutErrors.keyReused();
    return 'resume';
  }

  async function replay(row: CheckoutRow, userId: string): Promise<CheckoutResult> {
    return { ...(row.result as Omit<CheckoutResult, 'user'>), user: await patient(userId) };
  }

  /** Step 0: everything is checked against the request and the records; nothing is written. */
  async function prepare(
    actor: Actor,
    body: CheckoutRequest,
    stored: CheckoutRow | undefined,
  ): Promise<Plan> {
    const user = await patient(actor.userId);
    const promo = body.promo_code ?? null;
    let plan: Plan;
    let needsCard: boolean;
    if (body.kind === 'consultation') {
      const intake = await repo.intakeForCheckout(body.intake, actor.userId, actor.organizationId);
      if (!intake) throw Errors.notFound('The intake');
      // A checkout that died after completing the visit finishes its last steps.
      const refusal = stored?.progress.intake ? null : completionRefusal(intake, now());
      if (refusal) throw refusal;
      const chosen = body.membership ?? membershipOnIntake(intake.products);
      const price = await pricing.consultation(actor.organizationId, intake.products, chosen, promo);
      plan = {
        kind: 'consultation',
        user,
        intakeId: intake.id,
        price,
        startMembership: price.membership !== null && user.membership === null,
      };
      // Without payment collection the card is optional (000 §4 step 3).
      needsCard = !intake.disablePaymentCollection;
    } else {
      const price = await pricing.purchase(actor.organizationId, body.items, promo);
      const state = body.shipping.shipping_info.state;
      if (
        price.items.some((i) => i.variant.templateType === 'lab') &&
        (RESTRICTED_LAB_STATES as readonly string[]).includes(state)
      )
        throw CheckoutErrors.labRestricted();
      plan = { kind: body.kind, user, price };
      needsCard = true;
    }
    if (body.payment.method === 'saved_card' && needsCard && !hasCard(user))
      throw CheckoutErrors.missingCard();
    if (body.expected_total !== undefined && body.expected_total !== plan.price.totals.totalDueNow)
      throw CheckoutErrors.totalChanged();
    return plan;
  }

  /**
   * Records the checkout as running, in one short transaction: a new key inserts it; a failed one is taken
   * again. A visit is paid by one checkout at a time: its row is held while claiming, a live checkout of
   * another key answers 'This intake has already been paid.', and a failed one of another key hands over
   * its progress (so what it started is still undone or carried on by this one).
   */
  async function claim(
    actor: Actor,
    key: string,
    body: CheckoutRequest,
    plan: Plan,
    hashes: { requestHash: string; purchaseHash: string },
  ): Promise<{ row: CheckoutRow } | { replay: CheckoutRow }> {
    const at = now();
    const lockedUntil = new Date(at.getTime() + CHECKOUT_LEASE_MS);
    try {
      return await repo.transaction(async (r) => {
        const intakeId = plan.kind === 'consultation' ? plan.intakeId : null;
        let paidVisit = false;
        if (intakeId) {
          const intake = await r.lockIntake(intakeId, actor.organizationId);
          if (!intake) throw Errors.notFound('The intake');
          paidVisit = intake.patientComplete;
        }
        const mine = await r.find(actor.organizationId, actor.userId, key);
        if (mine && judge(mine, hashes.requestHash, hashes.purchaseHash) === 'replay')
          return { replay: mine };
        if (paidVisit && !mine?.progress.intake) throw intakeAlreadyPaid();
        let progress: CheckoutProgress = mine?.progress ?? {};
        if (intakeId) {
          const others = await r.othersOnIntake(intakeId, mine?.id ?? null);
          const live = others.some(
            (o) =>
              o.status === 'completed' ||
              (o.status === 'in_progress' && o.lockedUntil && o.lockedUntil.getTime() > at.getTime()),
          );
          if (live) throw intakeAlreadyPaid();
          const stale = others.filter((o) => o.status === 'failed' || o.status === 'in_progress');
          if (stale[0]) progress = stale[0].progress;
          await r.supersede(
            stale.map((o) => o.id),
            at,
          );
        }
        if (mine) {
          const row = await r.takeOver(mine.id, at, {
            requestHash: hashes.requestHash,
            progress,
            lockedUntil,
          });
          if (!row) throw CheckoutErrors.inProgress();
          return { row };
        }
        const row = await r.insert({
          organizationId: actor.organizationId,
          userId: actor.userId,
          idempotencyKey: key,
          kind: body.kind,
          intakeId,
          ...hashes,
          progress,
          lockedUntil,
        });
        if (!row) throw CheckoutErrors.inProgress();
        return { row };
      });
    } catch (error) {
      // The one-live-checkout-per-intake index: another key claimed the visit at the same instant.
      if (isUniqueViolation(error)) throw intakeAlreadyPaid();
      throw error;
    }
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

  /** Undoes orders whose charge was refused; the retry creates them again with the corrected card. */
  async function compensateOrders(progress: CheckoutProgress) {
    const ids = (progress.orders ?? []).map((o) => o.order);
    if (ids.length === 0) return progress;
    await repo.cancelOrders(ids, now());
    const kept = { ...progress };
    delete kept.orders;
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

  /** The one-time lines become orders (status created) priced by the checkout's totals. */
  async function createOrders(actor: Actor, plan: PurchasePlan) {
    const at = now();
    const { items, totals, coupon } = plan.price;
    return orders.transaction(async (r) => {
      const made: { product: string; order: string }[] = [];
      for (const [i, item] of items.entries()) {
        if (item.variant.pricingType !== 'one_time') continue;
        const line = totals.lines[i]!;
        const order = await r.insert({
          name: orderName(at, item.variant.templateName),
          userId: actor.userId,
          organizationId: actor.organizationId,
          productTemplateId: item.variant.templateId,
          productId: item.variant.id,
          quantity: item.quantity,
          promoCode: line.percentOff && coupon ? coupon.code : null,
          subtotalAmount: line.subTotal - line.savings,
          discountAmount: line.specialDiscount,
          amount: line.total,
          currency: item.variant.currency,
        });
        made.push({ product: item.variant.id, order });
      }
      return made;
    });
  }

  /**
   * Charges the one-time orders once: claimed in a short transaction, charged outside any transaction
   * under a provider idempotency key of this checkout and attempt (a retry after a lost answer is the same
   * charge; a retry after a refusal is a new attempt), then marked paid with their invoices.
   */
  async function charge(actor: Actor, row: CheckoutRow, plan: PurchasePlan, progress: CheckoutProgress) {
    const placed = progress.orders ?? [];
    const ids = placed.map((o) => o.order);
    const amount = plan.price.totals.chargedNow;
    const attempt = progress.payment?.attempt ?? 1;
    if (ids.length === 0) {
      progress.payment = { attempt, paymentId: null };
      return;
    }
    const payer = await orders.payer(actor.userId);
    const customerId = payer?.stripeId ?? null;
    if (amount > 0 && (!customerId || !payments.ownsCustomer(customerId))) throw CheckoutErrors.missingCard();
    const claimed = await repo.transaction((r) => r.claimOrders(ids, now()));
    if (claimed === 'conflict') throw CheckoutErrors.inProgress();
    if (claimed.paid) {
      // A run that died after marking them paid: the charge is done, only the progress was not saved.
      progress.payment = { attempt, paymentId: claimed.paymentId };
      return;
    }

    let paymentId: string | null = null;
    if (amount > 0 && customerId) {
      const first = await orders.find(ids[0]!);
      try {
        ({ paymentId } = await payments.charge({
          customerId,
          amount,
          currency: plan.price.items[0]?.variant.currency ?? 'usd',
          description: `${first?.name ?? 'Order'}${ids.length > 1 ? ` and ${ids.length - 1} more` : ''}`,
          idempotencyKey: `checkout-${row.id}-${attempt}`,
        }));
      } catch (error) {
        await repo.releaseOrders(ids, now());
        // A refusal is final for this attempt: the retry (another card) charges under a new key.
        if (error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500)
          progress.payment = { attempt: attempt + 1 };
        throw error;
      }
    }
    const paidAt = now();
    await orders.transaction(async (r) => {
      for (const id of ids) {
        await r.setStatus(id, { status: 'paid', providerPaymentId: paymentId });
        const order = await r.find(id);
        if (!order) continue;
        await r.issueInvoice(order, paidAt);
        const coupon = order.promoCode
          ? await r.lockCoupon(order.organizationId, order.promoCode)
          : undefined;
        if (coupon)
          await r.redeem({
            couponId: coupon.id,
            userId: actor.userId,
            organizationId: order.organizationId,
            orderId: id,
            amountOff: order.discountAmount,
          });
      }
    });
    progress.payment = { attempt, paymentId };
    for (const id of ids) {
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
        ...(plan.kind === 'consultation' ? CONSULTATION_TAGS : PURCHASE_TAGS),
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
        progress.orders = await createOrders(actor, plan);
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
          const percent = plan.price.totals.lines[i]?.percentOff;
          const made = await subscriptions.createForProduct(userId, organizationId, item.variant.id, {
            quantity: item.quantity,
            promoCode: percent ? (plan.price.coupon?.code ?? null) : null,
            intakeId: null,
          });
          done.push({ product: item.variant.id, subscription: made.subscription._id, created: made.created });
          progress.subscriptions = done;
          await repo.saveProgress(row.id, step, progress, now());
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

  /** Records the failure (after undoing what a refusal leaves half-done) and answers the step's error. */
  async function fail(
    actor: Actor,
    row: CheckoutRow,
    plan: Plan,
    step: CheckoutStep,
    progress: CheckoutProgress,
    error: unknown,
  ): Promise<unknown> {
    const refused = error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500;
    let kept = progress;
    if (refused && step === 'intake' && plan.kind === 'consultation')
      kept = await compensateVisit(actor, plan, progress);
    if (refused && step === 'payment') kept = await compensateOrders(progress);
    const record: CheckoutError =
      error instanceof ApiError
        ? { status: error.statusCode, text: error.text, message: error.message, step }
        : { status: 500, text: 'NetworkError', message: MESSAGES.generic, step };
    await repo.fail(row.id, record, kept, now());
    if (!(error instanceof ApiError)) return error;
    return new ApiError(error.statusCode, error.text, error.message, {
      ...error.headers,
      'checkout-step': step,
    });
  }

  function nextOf(plan: Plan, progress: CheckoutProgress): CheckoutResult['next'] {
    if (plan.kind === 'consultation')
      return progress.coaching
        ? { kind: 'coaching', subscription: progress.coaching.subscription, order: null }
        : { kind: 'dashboard', subscription: null, order: null };
    const lab = (progress.orders ?? []).find((o) =>
      plan.price.items.some(
        (i: PricedItem) => i.variant.id === o.product && i.variant.templateType === 'lab',
      ),
    );
    if (lab) return { kind: 'lab', subscription: null, order: lab.order };
    return { kind: plan.kind === 'signup' ? 'dashboard' : 'shop', subscription: null, order: null };
  }

  async function run(
    actor: Actor,
    row: CheckoutRow,
    plan: Plan,
    body: CheckoutRequest,
    log: FastifyBaseLogger,
  ): Promise<CheckoutResult> {
    const progress: CheckoutProgress = structuredClone(row.progress);
    const steps = plan.kind === 'consultation' ? CONSULTATION_STEPS : PURCHASE_STEPS;
    let step: CheckoutStep = steps[0]!;
    try {
      for (step of steps) {
        if (isDone(step, progress, plan, body)) continue;
        await deps.hooks?.beforeStep?.(step, row.id);
        await runStep(step, { actor, row, plan, body, progress, log });
        await repo.saveProgress(row.id, step, progress, now());
      }
    } catch (error) {
      throw await fail(actor, row, plan, step, progress, error);
    }

    const membershipSubscription =
      progress.membership?.subscription ?? (progress.coaching ? progress.coaching.subscription : null);
    const result: Omit<CheckoutResult, 'user'> = {
      _id: row.id,
      kind: plan.kind,
      status: 'completed',
      intake: plan.kind === 'consultation' ? plan.intakeId : null,
      membership_subscription: membershipSubscription,
      subscriptions: [
        ...new Set(
          [
            progress.membership?.subscription,
            progress.coaching?.subscription,
            ...(progress.subscriptions ?? []).map((s) => s.subscription),
          ].filter((s): s is string => Boolean(s)),
        ),
      ],
      orders: (progress.orders ?? []).map((o) => o.order),
      promo_code: plan.price.coupon?.code ?? null,
      totals: totalsBody(plan.price.totals, plan.price.items[0]?.variant.currency ?? 'usd'),
      next: nextOf(plan, progress),
      completed_at: now().toISOString(),
    };
    await repo.complete(row.id, { result, totals: result.totals, progress }, now());
    return { ...result, user: await patient(actor.userId) };
  }

  return {
    /**
     * Runs (or answers again, or resumes) the checkout the key names. Answers the completed checkout and
     * whether it is a replay of an earlier answer.
     */
    async submit(
      actor: Actor,
      key: string,
      body: CheckoutRequest,
      log: FastifyBaseLogger,
    ): Promise<{ result: CheckoutResult; replayed: boolean }> {
      const hashes = { requestHash: digest(body), purchaseHash: digest(purchaseOf(body)) };
      const stored = await repo.find(actor.organizationId, actor.userId, key);
      if (stored && judge(stored, hashes.requestHash, hashes.purchaseHash) === 'replay')
        return { result: await replay(stored, actor.userId), replayed: true };
      const plan = await prepare(actor, body, stored);
      const claimed = await claim(actor, key, body, plan, hashes);
      if ('replay' in claimed) return { result: await replay(claimed.replay, actor.userId), replayed: true };
      return { result: await run(actor, claimed.row, plan, body, log), replayed: false };
    },
  };
}
export type CheckoutUseCase = ReturnType<typeof createCheckoutUseCase>;
