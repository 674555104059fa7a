import { RESTRICTED_LAB_STATES } from '@portal/domain/constants';
import type {
  CheckoutRequest,
  CheckoutResult,
  CheckoutStep,
  CheckoutTotalsBody,
} from '@portal/domain/contracts/checkout-submit';
import type { IntakeProduct } from '@portal/domain/contracts/intake';
import type { PatientUser } from '@portal/domain/contracts/user';
import { MESSAGES } from '@portal/domain/messages';
import type { CheckoutTotals } from '@portal/domain/pricing/checkout-totals';
import { SUBSCRIPTION_ALREADY_EXISTS, subscribesTo } from '@portal/domain/shop/checkout/direct-checkout';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { CheckoutError, CheckoutProgress } from '../../db/schema/checkouts';
import { isUniqueViolation } from '../../platform/db-errors';
import { ApiError, Errors } from '../../platform/errors';
import type { PaymentAdapter } from '../../platform/payments/adapter';
import { createBillingRepository } from '../billing/billing.repository';
import { createBillingService } from '../billing/billing.service';
import { createIntakesRepository } from '../intakes/intakes.repository';
import { createMarketingRepository } from '../marketing/marketing.repository';
import { createMembershipsRepository } from '../memberships/memberships.repository';
import type { Notifier } from '../notifications/notifier';
import { createOrdersRepository } from '../orders/orders.repository';
import { createSubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { createSubscriptionsService } from '../subscriptions/subscriptions.service';
import type { UsersRepository } from '../users/users.repository';
import { createCheckoutRepository } from './checkout.repository';
import { completionRefusal, createCheckoutService, intakeAlreadyPaid } from './checkout.service';
import { CheckoutErrors, type CheckoutHashes, checkoutHashes, judgeStored } from './checkout-idempotency';
import { createCheckoutPricing } from './checkout-pricing';
import { type Actor, createCheckoutSteps, type Plan } from './checkout-steps';
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
/**
 * The charge comes before anything is bought, so a refused card leaves nothing to undo; the paid orders are
 * written with the checkout's progress in one transaction.
 */
export const PURCHASE_STEPS: readonly CheckoutStep[] = [
  'shipping',
  'card',
  'payment',
  'orders',
  'subscriptions',
  'marketing',
];

/** The membership recorded on the visit's products, as the checkout page falls back to it. */
function membershipOnIntake(entries: readonly IntakeProduct[]) {
  const entry = entries.find((p) => p.membership && p.treatment_properties?.membership_price);
  return entry?.membership && entry.treatment_properties?.membership_price
    ? { membership: entry.membership, price: entry.treatment_properties.membership_price }
    : null;
}

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
 * started for a visit that cannot be completed).
 */
export function createCheckoutUseCase(deps: CheckoutUseCaseDeps) {
  const { db, payments, users, notifier, now } = deps;
  const repo = createCheckoutsRepository(db);
  const billing = createBillingService({ repo: createBillingRepository(db), payments, notifier });
  const memberships = createMembershipsRepository(db);
  const subscriptionRows = createSubscriptionsRepository(db);
  const subscriptions = createSubscriptionsService({ repo: subscriptionRows, memberships });
  const completion = createCheckoutService({
    repo: createCheckoutRepository(db),
    intakes: createIntakesRepository(db),
    brandName: deps.brandName,
    notifier,
  });
  const orders = createOrdersRepository(db);
  const marketing = createMarketingRepository(db);
  const pricing = createCheckoutPricing({ repo, memberships, billing, now });

  const saveProgress = (id: string, step: CheckoutStep, progress: CheckoutProgress) => {
    const at = now();
    return repo.saveProgress(id, step, progress, at, new Date(at.getTime() + CHECKOUT_LEASE_MS));
  };

  const steps = createCheckoutSteps({
    repo,
    users,
    billing,
    subscriptions,
    completion,
    orders,
    marketing,
    payments,
    notifier,
    now,
    saveProgress,
    leaseMs: CHECKOUT_LEASE_MS,
  });

  const hasCard = (user: PatientUser) =>
    user.has_card_source && Boolean(user.stripe_id) && payments.ownsCustomer(user.stripe_id!);

  async function patient(userId: string): Promise<PatientUser> {
    const user = await users.findPatient(userId);
    if (!user) throw Errors.notFound('The patient');
    return user;
  }

  async function replay(row: CheckoutRow, userId: string): Promise<CheckoutResult> {
    return { ...(row.result as Omit<CheckoutResult, 'user'>), user: await patient(userId) };
  }

  /**
   * A shop checkout of a recurring plan the patient already subscribes to is refused (409), so the shop can
   * offer the 'Subscription Already Exists' choices (000 §2 item 11) instead of a second subscription. Only a
   * new checkout is judged: a retry of one (under its key) may find the subscription it made itself.
   */
  async function refuseExistingSubscription(actor: Actor, key: string, templateIds: string[]) {
    if (templateIds.length === 0) return;
    const mine = (await subscriptionRows.listForPatient(actor.userId)).map((row) => ({
      status: row.status,
      product_plans: row.productPlans,
    }));
    if (!templateIds.some((id) => subscribesTo(mine, id))) return;
    // A submit of the same key running at the same instant made it: the claim answers that one instead.
    if (await repo.find(actor.organizationId, actor.userId, key)) return;
    throw new ApiError(409, SUBSCRIPTION_ALREADY_EXISTS.text, SUBSCRIPTION_ALREADY_EXISTS.message);
  }

  /** Step 0: everything is checked against the request and the records; nothing is written. */
  async function prepare(
    actor: Actor,
    key: string,
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
      if (body.kind === 'shop' && !stored)
        await refuseExistingSubscription(actor, key, [
          ...new Set(
            price.items.filter((i) => i.variant.pricingType === 'recurring').map((i) => i.variant.templateId),
          ),
        ]);
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
    hashes: CheckoutHashes,
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
        if (mine && judgeStored(mine, hashes, now()) === 'replay') return { replay: mine };
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
    // A visit that cannot be completed (or its coaching subscription made) gives up the membership started for it.
    if (refused && (step === 'intake' || step === 'coaching') && plan.kind === 'consultation')
      kept = await steps.compensateVisit(actor, plan, progress);
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
      plan.price.items.some((i) => i.variant.id === o.product && i.variant.templateType === 'lab'),
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
    const order = plan.kind === 'consultation' ? CONSULTATION_STEPS : PURCHASE_STEPS;
    let step: CheckoutStep = order[0]!;
    try {
      for (step of order) {
        if (steps.isDone(step, progress, plan, body)) continue;
        await deps.hooks?.beforeStep?.(step, row.id);
        await steps.runStep(step, { actor, row, plan, body, progress, log });
        await saveProgress(row.id, step, progress);
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
      const hashes = checkoutHashes(body);
      const stored = await repo.find(actor.organizationId, actor.userId, key);
      if (stored && judgeStored(stored, hashes, now()) === 'replay')
        return { result: await replay(stored, actor.userId), replayed: true };
      const plan = await prepare(actor, key, body, stored);
      const claimed = await claim(actor, key, body, plan, hashes);
      if ('replay' in claimed) return { result: await replay(claimed.replay, actor.userId), replayed: true };
      return { result: await run(actor, claimed.row, plan, body, log), replayed: false };
    },
  };
}
export type CheckoutUseCase = ReturnType<typeof createCheckoutUseCase>;
