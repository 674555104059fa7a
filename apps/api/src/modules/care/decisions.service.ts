import {
  decisionEffects,
  decisionRefusal,
  prescriptionSchema,
  type UpdateReason,
  type VisitDecision,
} from '@portal/domain/care/decisions';
import { isLicensedFor, staffCan } from '@portal/domain/care/staff-roles';
import type { CareApproveBody, CareDecisionResult } from '@portal/domain/contracts/care';
import type { IntakeProduct } from '@portal/domain/contracts/intake';
import { visitItemPeriodCents } from '@portal/domain/pricing/configured-price';
import { billingStart } from '@portal/domain/pricing/plan-billing';
import { trialEndsAt } from '@portal/domain/pricing/price-scheme';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { intakes } from '../../db/schema/intakes';
import type { SubscriptionProductPlan } from '../../db/schema/subscriptions';
import type { Auth } from '../../platform/auth/access';
import { ApiError, Errors } from '../../platform/errors';
import type { PaymentAdapter } from '../../platform/payments/adapter';
import { shipSubscription } from '../fulfilment/ship';
import type { NotificationInput, Notifier } from '../notifications/notifier';
import type { SelfServiceRepository } from '../subscriptions/self-service.repository';
import { createSubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import type { CareRepository } from './care.repository';
import { decisionQueries } from './decisions.repository';

/**
 * The protocol the patient chose in the visit (its configured products) as subscriptions awaiting this
 * review: the checkout held the card and started only the membership (000 §4); the medication's
 * subscription starts with the physician's approval. A product already subscribed from this visit is kept.
 */
async function requestedProtocol(
  tx: Db,
  organizationId: string,
  visit: {
    id: string;
    userId: string;
    products: Pick<IntakeProduct, 'product' | 'quantity' | 'dosage' | 'frequency' | 'treatment_properties'>[];
  },
) {
  const repo = createSubscriptionsRepository(tx);
  for (const requested of visit.products) {
    if (!requested.product) continue;
    const product = await repo.findProduct(organizationId, requested.product);
    if (product?.pricingType !== 'recurring' || product.template.type === 'coaching_membership') continue;
    if (await repo.findForProduct(visit.userId, product.id, visit.id)) continue;
    const quantity = requested.quantity ?? product.planProperties.units_per_month ?? 1;
    const plan: SubscriptionProductPlan = {
      product_template: product.template.id,
      product: product.id,
      quantity,
      duration: product.intervalCount,
      unit_amount: visitItemPeriodCents(
        product.unitAmount,
        { ...requested, quantity },
        product.planProperties.units_per_month,
      ),
    };
    // 002 §3's fee and trial go with the plan (decision 045): the fee is billed with the first charge, the
    // trial runs from the approval (startedPlans)
    if (product.oneTimeFee > 0) plan.one_time_fee = product.oneTimeFee;
    if (product.trialPeriodDays > 0) plan.trial_period_days = product.trialPeriodDays;
    const dosage = requested.dosage ?? product.planProperties.dosage_size;
    const frequency = requested.frequency ?? product.planProperties.frequency;
    if (dosage) plan.dosage = dosage;
    if (frequency) plan.frequency = frequency;
    const row = await repo.insert({
      userId: visit.userId,
      organizationId,
      status: 'awaiting_physician_review',
      type: product.template.type,
      name: product.template.name,
      durationMonths: product.intervalCount,
      productPlans: [plan],
      intakeId: visit.id,
    });
    const [current] = await tx
      .select({ subscriptions: intakes.subscriptions })
      .from(intakes)
      .where(eq(intakes.id, visit.id));
    await repo.attachToIntake(row.id, visit.id, current?.subscriptions ?? []);
  }
}

/**
 * A subscription's plans as its billing starts at `at` (decision 045): a trial runs from the approval, not
 * from the checkout (nothing was billed while the visit waited), so it ends `at` + its days.
 */
function startedPlans(plans: SubscriptionProductPlan[], at: Date): SubscriptionProductPlan[] {
  return plans.map((plan) =>
    plan.trial_period_days && plan.trial_period_days > 0
      ? { ...plan, trial_ends_at: trialEndsAt(at, plan.trial_period_days).toISOString() }
      : plan,
  );
}

/** The plans once the first invoice holds their fees: each is marked paid then, and never billed again. */
function feesPaid(plans: SubscriptionProductPlan[], at: Date): SubscriptionProductPlan[] {
  return plans.map((plan) =>
    (plan.one_time_fee ?? 0) > 0 && !plan.one_time_fee_paid_at
      ? { ...plan, one_time_fee_paid_at: at.toISOString() }
      : plan,
  );
}

const REFUSALS = {
  VisitNotSubmitted: 'This visit has not been submitted yet.',
  VisitAlreadyDecided: 'This visit has already been decided.',
  VisitAwaitingPatient: 'This visit is waiting for the patient.',
} as const;

type Pending = { userId: string; input: NotificationInput };

/**
 * A physician's decisions on a submitted visit (issue 12 §4, decision 028). Each runs in one transaction
 * that locks the visit first: a second decision, however soon, waits and is refused, so ten simultaneous
 * approvals charge once (and the charge's idempotency key holds across retries of the provider call too).
 * The patient's notification is stored with the decision and delivered after it commits.
 */
export function createDecisionsService(deps: {
  care: CareRepository;
  billing: SelfServiceRepository;
  payments: PaymentAdapter;
  notifier: Pick<Notifier, 'store' | 'deliver'>;
  now: () => Date;
}) {
  async function decide(
    auth: Auth,
    visitId: string,
    decision: VisitDecision,
    apply: (ctx: {
      q: ReturnType<typeof decisionQueries>;
      r: Parameters<Parameters<SelfServiceRepository['transaction']>[0]>[0];
      tx: Db;
      visit: NonNullable<Awaited<ReturnType<ReturnType<typeof decisionQueries>['lockVisit']>>>;
      at: Date;
    }) => Promise<{
      subscriptions: { _id: string; status: string }[];
      charged: number;
      notice: NotificationInput;
    }>,
  ): Promise<{ result: CareDecisionResult; patientId: string }> {
    const licensed = decision === 'request_update' ? null : await deps.care.licensedStates(auth.userId);
    let pending: Pending | null = null;
    const out = await deps.billing.transaction(async (r, tx) => {
      const q = decisionQueries(tx);
      const visit = await q.lockVisit(auth.organizationId, visitId);
      if (!visit) throw Errors.notFound('The visit');
      const refusal = decisionRefusal({
        id: visit.id,
        submitted_at: visit.completedAt?.toISOString() ?? '',
        patient_state: null,
        product_templates: [],
        patient_complete: visit.patientComplete,
        physician_review: visit.physicianReview,
        closed: visit.closed,
        awaiting_patient_update: visit.awaiting?.is_awaiting === true,
      });
      if (refusal) throw new ApiError(409, refusal, REFUSALS[refusal]);
      if (licensed) {
        const patient = await q.patient(visit.userId);
        if (!isLicensedFor(licensed, patient?.state ?? null)) {
          throw new ApiError(403, 'NotLicensed', "You are not licensed in this patient's state.");
        }
      }
      const at = deps.now();
      const done = await apply({ q, r, tx, visit, at });
      await deps.notifier.store(tx, visit.userId, auth.organizationId, done.notice);
      pending = { userId: visit.userId, input: done.notice };
      const effects = decisionEffects(decision);
      return {
        patientId: visit.userId,
        result: {
          _id: visit.id,
          decision,
          physician_review: effects.intake.physician_review,
          closed: effects.intake.closed,
          awaiting_patient_update: effects.intake.awaiting_patient_update,
          subscriptions: done.subscriptions,
          charged: done.charged,
        } satisfies CareDecisionResult,
      };
    });
    const sent = pending as Pending | null;
    if (sent) deps.notifier.deliver(sent.userId, sent.input);
    return out;
  }

  const allow = (auth: Auth, action: Parameters<typeof staffCan>[1]) => {
    if (!staffCan(auth.role, action)) throw Errors.forbidden();
  };

  return {
    async approve(auth: Auth, visitId: string, body: CareApproveBody) {
      allow(auth, 'approve_visit');
      const today = deps.now().toISOString().slice(0, 10);
      const parsed = prescriptionSchema(today).safeParse(body.prescription);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new ApiError(400, 'ValidationError', issue.message, {}, [
          { path: `prescription.${issue.path.join('.')}`, message: issue.message },
        ]);
      }
      const p = parsed.data;
      return decide(auth, visitId, 'approve', async ({ q, r, tx, visit, at }) => {
        await requestedProtocol(tx, auth.organizationId, visit);
        const subs = await q.awaitingSubscriptions(visit.userId, await q.visitSubscriptions(visit.id));
        const payer = await r.payer(visit.userId);
        const coupon = await q.checkoutCoupon(auth.organizationId, visit.promoCode);
        // the code's percent on the first period of the products it applies to, as the checkout's total showed
        const percentOffFor = (plans: { product_template: string }[]) =>
          coupon && plans.some((p) => coupon.appliesTo.includes(p.product_template)) ? coupon.percentOff : 0;
        let charged = 0;
        const out: { _id: string; status: string }[] = [];
        for (const sub of subs) {
          const plans = startedPlans(sub.productPlans, at);
          // the period amount; the unpaid fees, billed once with the first invoice; a trial's end, until
          // which the period is not charged (the first invoice then holds the fees alone)
          const start = billingStart(plans, at);
          const { subscription, invoice } = await deps.payments.subscriptions.start(
            {
              id: '',
              customerId: payer.customerId,
              hasDefaultCard: payer.hasCard,
              status: 'incomplete',
              current_period_start: null,
              current_period_end: null,
              pause_collection: null,
              durationMonths: sub.durationMonths,
              amount: start.amount,
              oneTimeFee: start.oneTimeFee,
              trialEnd: start.trialEnd,
              firstPeriodPercentOff: percentOffFor(sub.productPlans),
              currency: 'usd',
              description: sub.name,
            },
            // one start per subscription, however often the approval is sent
            { at, idempotencyKey: `approve-${sub.id}` },
          );
          await r.insertProviderInvoice(sub, invoice, at);
          const status = start.trialEnd ? 'trialing' : 'active';
          await r.update(sub.id, {
            status,
            productPlans: start.oneTimeFee > 0 ? feesPaid(plans, at) : plans,
            providerSubscriptionId: subscription.id,
            // a trialing subscription's period is its trial: the next billing date is the trial's end
            currentPeriodStart: subscription.current_period_start,
            currentPeriodEnd: subscription.current_period_end,
            pauseCollection: null,
            prescriptions:
              sub.type !== 'medication'
                ? sub.prescriptions
                : [
                    ...sub.prescriptions,
                    {
                      _id: newId(),
                      physician_id: auth.userId,
                      medication: {
                        name: p.medication,
                        strength: p.strength,
                        patient_instructions: p.instructions,
                        expiration_date: p.expires_on,
                      },
                    },
                  ],
          });
          // the pharmacy's parcel, with the approval or not at all (a membership ships nothing)
          await shipSubscription(tx, sub, { source: 'approval', key: 'first' }, at);
          charged += invoice.amount_paid;
          out.push({ _id: sub.id, status });
        }
        await q.reviewVisit(visit.id, { closed: false, at });
        const names = subs.map((s) => s.name).join(', ');
        return {
          subscriptions: out,
          charged,
          notice: {
            category: 'visit',
            message: names
              ? `Your physician approved your visit. Your ${names} protocol is now active.`
              : 'Your physician approved your visit.',
            data: { type: 'protocol', intakeId: visit.id },
          },
        };
      });
    },

    async deny(auth: Auth, visitId: string, reason: string) {
      allow(auth, 'deny_visit');
      return decide(auth, visitId, 'deny', async ({ q, r, visit, at }) => {
        const subs = await q.awaitingSubscriptions(visit.userId, visit.subscriptionIds);
        for (const sub of subs) {
          await r.update(sub.id, {
            status: 'canceled',
            canceledAt: at,
            cancelReason: 'Not approved by the physician',
          });
        }
        await q.reviewVisit(visit.id, { closed: true, at });
        return {
          subscriptions: subs.map((s) => ({ _id: s.id, status: 'canceled' })),
          charged: 0,
          notice: {
            category: 'visit',
            message: `Your physician reviewed your visit and could not approve this treatment: ${reason} Nothing has been charged. Please message our care team: we are glad to talk about other options.`,
            data: { type: 'other', intakeId: visit.id },
          },
        };
      });
    },

    async requestUpdate(
      auth: Auth,
      visitId: string,
      body: { reason: UpdateReason; message: string; hold_date?: string | undefined },
    ) {
      allow(auth, 'request_patient_update');
      return decide(auth, visitId, 'request_update', async ({ q, visit, at }) => {
        await q.holdForPatient(visit.id, { reason: body.message, hold_date: body.hold_date ?? null }, at);
        if (decisionEffects('request_update', body.reason).imageRequiresAttention) {
          await q.flagPhotos(visit.userId, at);
        }
        return {
          subscriptions: [],
          charged: 0,
          notice: {
            category: 'visit',
            message:
              body.reason === 'photo'
                ? `Your care team needs a new photo to finish your visit: ${body.message}`
                : `Your care team needs a little more from you to finish your visit: ${body.message}`,
            data: { type: 'other', intakeId: visit.id },
          },
        };
      });
    },
  };
}
