import type { Subscription } from '@portal/domain/contracts/subscription';
import { specialDiscountCents } from '@portal/domain/pricing/plan-pricing';
import { isTiered, lineAmountCents, trialEndsAt } from '@portal/domain/pricing/price-scheme';
import type { SubscriptionProductPlan } from '../../db/schema/subscriptions';
import { Errors } from '../../platform/errors';
import { couponRedeemable } from '../billing/billing.service';
import { intakeAlreadyPaid } from '../checkout/checkout.service';
import type { MembershipsRepository } from '../memberships/memberships.repository';
import {
  type SubscriptionQueries,
  type SubscriptionRow,
  type SubscriptionsRepository,
  toSubscription,
} from './subscriptions.repository';

export type CreateInput = {
  quantity: number;
  promoCode: string | null;
  intakeId: string | null;
  /** When the subscription is bought (its trial starts then); now when absent. */
  at?: Date;
  /** The price's one-time fee was charged with the purchase (the shop's checkout). */
  oneTimeFeePaid?: boolean;
};
type Result = { subscription: Subscription; created: boolean };

/**
 * The coaching product of a visit joins the patient's membership subscription instead of starting its own,
 * so its one-time fee (the enrolment fee 'Total Due Now' showed) is recorded on that subscription's plan,
 * due with its first charge when a physician approves (decision 045). Once: a subscription already
 * carrying a fee, or already billing (its first charge is past), is left as it is.
 */
async function withEnrolmentFee(
  r: SubscriptionQueries,
  membership: SubscriptionRow,
  product: { id: string; oneTimeFee: number; intervalCount: number; template: { id: string } },
): Promise<SubscriptionRow> {
  if (product.oneTimeFee <= 0 || membership.status !== 'awaiting_physician_review') return membership;
  if (membership.productPlans.some((plan) => (plan.one_time_fee ?? 0) > 0)) return membership;
  const [first, ...rest] = membership.productPlans;
  const plans: SubscriptionProductPlan[] = first
    ? [{ ...first, one_time_fee: product.oneTimeFee }, ...rest]
    : [
        {
          product_template: product.template.id,
          product: product.id,
          quantity: 1,
          duration: product.intervalCount,
          unit_amount: 0,
          one_time_fee: product.oneTimeFee,
        },
      ];
  return r.setPlans(membership.id, plans);
}

/**
 * Subscriptions created at checkout. Per 000 §1 nothing is charged and no provider subscription is started:
 * every subscription is created awaiting physician review, and billing starts when a physician approves.
 */
export function createSubscriptionsService(deps: {
  repo: SubscriptionsRepository;
  memberships: MembershipsRepository;
}) {
  const { repo, memberships } = deps;

  const present = async (
    r: SubscriptionQueries,
    row: SubscriptionRow,
    created: boolean,
  ): Promise<Result> => ({
    subscription: toSubscription(row, await r.templates(row.productPlans)),
    created,
  });

  return {
    /** GET /users/{org}/user/{patient}/subscriptions (002 §7.3). */
    async listForPatient(userId: string): Promise<Subscription[]> {
      const rows = await repo.listForPatient(userId);
      const templates = await repo.templates(rows.flatMap((row) => row.productPlans));
      return rows.map((row) => toSubscription(row, templates));
    },

    /**
     * POST /v2/subscriptions/product/{productId}: a subscription for a recurring priced product, attached to
     * the intake when one is named. Idempotent per (patient, product, intake): a retry answers the same one.
     * A coaching product reuses the patient's membership subscription (started by the membership start call).
     */
    async createForProduct(
      userId: string,
      organizationId: string,
      productId: string,
      input: CreateInput,
    ): Promise<Result> {
      const product = await repo.findProduct(organizationId, productId);
      if (!product) throw Errors.notFound('The product');
      if (product.pricingType !== 'recurring') {
        throw Errors.badRequest(
          'This product is sold once: order it instead of subscribing.',
          'NotRecurring',
        );
      }
      const template = product.template;
      return repo.transaction(async (r) => {
        await r.lockUser(userId);
        const intake = input.intakeId ? await r.lockPatientIntake(input.intakeId, userId) : undefined;
        if (input.intakeId && !intake) throw Errors.notFound('The intake');

        const own = await r.findForProduct(userId, product.id, intake?.id ?? null);
        const joined =
          !own && template.type === 'coaching_membership' && template.membershipId
            ? await r.findForMembership(userId, template.membershipId)
            : undefined;
        const existing = joined ? await withEnrolmentFee(r, joined, product) : own;
        if (existing) {
          if (intake && existing.intakeId === null)
            await r.attachToIntake(existing.id, intake.id, intake.subscriptions);
          return present(
            r,
            intake && existing.intakeId === null ? { ...existing, intakeId: intake.id } : existing,
            false,
          );
        }
        if (intake?.patientComplete) throw intakeAlreadyPaid();
        if (intake?.closed) throw Errors.badRequest('This intake is closed.', 'WrongIntakeState');

        // The promo code is kept when it applies to the product; the redemption is recorded when the visit
        // is completed, or here for a purchase without a visit (the shop's checkout panel).
        const coupon = input.promoCode ? await r.lockCoupon(organizationId, input.promoCode) : undefined;
        const applies =
          coupon && couponRedeemable(coupon) && coupon.appliesTo.includes(template.id) ? coupon : null;

        const selected = intake?.products.find((p) => p.product === product.id);
        const at = input.at ?? new Date();
        const plan: SubscriptionProductPlan = {
          product_template: template.id,
          product: product.id,
          quantity: input.quantity,
          duration: product.intervalCount,
          unit_amount: product.unitAmount,
        };
        // 002 §3's pricing fields go with the plan: a tiered price's amount for the quantity (what renewals
        // bill), the one-time fee (paid now or due with the first period, never again), the trial's end.
        const scheme = {
          unit_amount: product.unitAmount,
          billing_scheme: product.billingScheme,
          tiers: product.tiers,
          tiers_mode: product.tiersMode,
        };
        if (isTiered(scheme)) plan.period_amount = lineAmountCents(scheme, input.quantity);
        if (product.oneTimeFee > 0) {
          plan.one_time_fee = product.oneTimeFee;
          if (input.oneTimeFeePaid) plan.one_time_fee_paid_at = at.toISOString();
        }
        const trialEnd = product.trialPeriodDays > 0 ? trialEndsAt(at, product.trialPeriodDays) : null;
        if (trialEnd) {
          plan.trial_period_days = product.trialPeriodDays;
          plan.trial_ends_at = trialEnd.toISOString();
        }
        const dosage = selected?.dosage ?? product.planProperties.dosage_size;
        const frequency = selected?.frequency ?? product.planProperties.frequency;
        if (dosage) plan.dosage = dosage;
        if (frequency) plan.frequency = frequency;

        const row = await r.insert({
          userId,
          organizationId,
          status: 'awaiting_physician_review',
          type: template.type,
          name: template.name,
          durationMonths: product.intervalCount,
          productPlans: [plan],
          // A trial's period is the trial: the next billing date is its end (checkout + trial days).
          ...(trialEnd ? { currentPeriodStart: at, currentPeriodEnd: trialEnd } : {}),
          intakeId: intake?.id ?? null,
          membershipId: template.type === 'coaching_membership' ? template.membershipId : null,
          promoCode: applies?.code ?? null,
        });
        if (intake) await r.attachToIntake(row.id, intake.id, intake.subscriptions);
        if (applies && !intake) {
          await r.redeem({
            couponId: applies.id,
            userId,
            organizationId,
            subscriptionId: row.id,
            amountOff: specialDiscountCents(product.unitAmount, applies.percentOff),
          });
        }
        return present(r, row, true);
      });
    },

    /**
     * POST /memberships/{org}/membership/{id}/price/{priceId}/start: the patient's coaching membership,
     * started once (000 §4 "Checkout submit" step 3), awaiting review and not charged; sets users.membership_id.
     */
    async startMembership(
      userId: string,
      organizationId: string,
      membershipId: string,
      priceId: string,
    ): Promise<Result> {
      const price = await memberships.findPrice(organizationId, priceId);
      if (!price || price.membership !== membershipId) throw Errors.notFound('The membership price');
      const membership = await memberships.findById(organizationId, membershipId);
      if (!membership) throw Errors.notFound('The membership');
      return repo.transaction(async (r) => {
        const user = await r.lockUser(userId);
        if (!user) throw Errors.notFound('The patient');
        if (user.membershipId && user.membershipId !== membershipId) {
          if (await r.findForMembership(userId, user.membershipId)) {
            throw Errors.badRequest('You already have a membership.', 'MembershipAlreadyStarted');
          }
        }
        const existing = await r.findForMembership(userId, membershipId);
        if (existing) {
          if (user.membershipId !== membershipId) await r.setUserMembership(userId, membershipId);
          return present(r, existing, false);
        }
        const template = await r.membershipTemplate(organizationId, membershipId);
        const row = await r.insert({
          userId,
          organizationId,
          status: 'awaiting_physician_review',
          type: 'coaching_membership',
          name: membership.name,
          durationMonths: price.interval_count,
          productPlans: template
            ? [
                {
                  product_template: template.id,
                  product: price._id,
                  quantity: 1,
                  duration: price.interval_count,
                  unit_amount: price.unit_amount,
                },
              ]
            : [],
          membershipId,
        });
        await r.setUserMembership(userId, membershipId);
        return present(r, row, true);
      });
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
