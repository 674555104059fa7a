import type { Intake } from '@portal/domain/contracts/intake';
import { MESSAGES } from '@portal/domain/messages';
import { visitItemPeriodCents } from '@portal/domain/pricing/configured-price';
import { specialDiscountCents } from '@portal/domain/pricing/plan-pricing';
import { ApiError, Errors } from '../../platform/errors';
import { couponRedeemable } from '../billing/billing.service';
import { type IntakesRepository, toIntake } from '../intakes/intakes.repository';
import type { Notifier } from '../notifications/notifier';
import type { CheckoutIntakeRow, CheckoutQueries, CheckoutRepository } from './checkout.repository';

export const intakeAlreadyPaid = () => new ApiError(400, 'IntakeAlreadyPaid', MESSAGES.intakeAlreadyPaid);
const wrongState = (message: string) => new ApiError(400, 'WrongIntakeState', message);

/**
 * Why an intake cannot be completed now (already paid, closed, expired, questions left), as the error its
 * completion answers; null when it can be. The one-call checkout asks it before doing anything.
 */
export function completionRefusal(
  row: Pick<
    CheckoutIntakeRow,
    'patientComplete' | 'closed' | 'expiresAt' | 'completeTotal' | 'questionsTotal'
  >,
  now: Date,
): ApiError | null {
  if (row.patientComplete) return intakeAlreadyPaid();
  if (row.closed) return wrongState('This intake is closed and can no longer be completed.');
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime())
    return wrongState('This intake has expired. Please start a new visit.');
  if (row.completeTotal < row.questionsTotal)
    return wrongState(
      `Please answer all questions before completing your visit (${row.completeTotal} of ${row.questionsTotal} answered).`,
    );
  return null;
}

/** The welcome notification a patient receives once, on completing a first visit. */
export const welcomeMessage = (brandName: string) =>
  `Welcome to ${brandName}! Your visit is complete and a physician will review it shortly.`;

type IntakeItem = {
  product_template: string;
  product?: string | null;
  quantity?: number;
  treatment_properties?: object;
};

/**
 * The priced products of the visit: their period amounts (cents) and templates. A configured item (one with
 * treatment_properties) scales the amount by its monthly quantity / the product's units per month.
 */
async function pricedItems(
  r: CheckoutQueries,
  organizationId: string,
  items: IntakeItem[],
  unitsPerMonth: Map<string, number | undefined>,
) {
  const prices = await r.prices(
    organizationId,
    items.map((i) => i.product).filter((id): id is string => Boolean(id)),
  );
  return prices.map((p) => {
    const item = items.find((i) => i.product === p.id && i.treatment_properties);
    return item ? { ...p, unitAmount: visitItemPeriodCents(p.unitAmount, item, unitsPerMonth.get(p.id)) } : p;
  });
}

/**
 * The coupon's discount on the visit's products, or null when the code is unknown, not redeemable now or
 * applies to none of them. The amount is the percentage of each matching priced product's period amount.
 */
async function discountFor(
  r: CheckoutQueries,
  organizationId: string,
  code: string,
  items: IntakeItem[],
  priced: { templateId: string; unitAmount: number }[],
  now: Date,
): Promise<{ couponId: string; code: string; amountOff: number } | null> {
  const coupon = await r.lockCoupon(organizationId, code);
  if (!coupon || !couponRedeemable(coupon, now)) return null;
  const applies = new Set(coupon.appliesTo);
  if (!items.some((i) => applies.has(i.product_template))) return null;
  const amountOff = priced
    .filter((p) => applies.has(p.templateId))
    .reduce((sum, p) => sum + specialDiscountCents(p.unitAmount, coupon.percentOff), 0);
  return { couponId: coupon.id, code: coupon.code, amountOff };
}

export function createCheckoutService(deps: {
  repo: CheckoutRepository;
  intakes: IntakesRepository;
  brandName: (organizationId: string) => Promise<string>;
  notifier: Pick<Notifier, 'store' | 'deliver'>;
}) {
  const { repo, intakes } = deps;

  return {
    /**
     * Completes the patient's visit (000 §4 "Checkout submit" step 5): every question answered, then
     * patient_complete, completed_at and the promo code; a redemption when the code applies; the welcome
     * notification the first time; the conversion events. Nothing is charged (000 §1). The intake row is
     * held for the whole (short) transaction, so a doubled submit completes once and the second gets
     * 'This intake has already been paid.'.
     */
    async complete(
      intakeId: string,
      organizationId: string,
      promoCode: string | null,
      now: Date = new Date(),
    ): Promise<Intake> {
      const brand = await deps.brandName(organizationId);
      // Read before the transaction: the catalogue is not changed by it.
      const unitsPerMonth = await intakes.unitsPerMonth(organizationId);
      const { userId, welcomed } = await repo.transaction(async (r) => {
        const row = await r.lockIntake(intakeId, organizationId);
        if (!row) throw Errors.notFound('The intake');
        const refusal = completionRefusal(row, now);
        if (refusal) throw refusal;
        const priced = await pricedItems(r, organizationId, row.products, unitsPerMonth);
        const discount = promoCode
          ? await discountFor(r, organizationId, promoCode, row.products, priced, now)
          : null;
        await r.markComplete(row.id, discount?.code ?? null, now);
        if (discount) {
          await r.redeem({
            couponId: discount.couponId,
            userId: row.userId,
            organizationId,
            intakeId: row.id,
            amountOff: discount.amountOff,
          });
          await r.setSubscriptionsPromo(row.id, discount.code);
        }
        await r.lockUser(row.userId);
        const welcomed = !(await r.hasWelcome(row.userId));
        if (welcomed) await r.storeWelcome(deps.notifier, row.userId, organizationId, welcomeMessage(brand));
        await r.markUserIntakeComplete(row.userId);
        // The value of the first billing periods, after the discount (analytics; nothing is charged now).
        const value = priced.reduce((sum, p) => sum + p.unitAmount, 0) - (discount?.amountOff ?? 0);
        await r.recordEvents(organizationId, row.userId, [
          { name: 'intake_completed', properties: { intake_id: row.id } },
          {
            name: 'checkout_completed',
            properties: {
              intake_id: row.id,
              promo_code: discount?.code ?? null,
              ...(promoCode && !discount ? { promo_code_rejected: promoCode } : {}),
              value,
            },
          },
        ]);
        return { userId: row.userId, welcomed };
      });
      if (welcomed) deps.notifier.deliver(userId, { category: 'welcome' });
      const row = await intakes.findForPatient(intakeId, userId);
      if (!row) throw Errors.notFound('The intake');
      return toIntake(row, await intakes.responsesOf([row.id]));
    },

    /**
     * POST /users/{org}/user/{user}/add-completed-intake: the patient has a completed visit, so the portal no
     * longer sends them into an intake. Only a completed intake of the patient counts.
     */
    async addCompletedIntake(userId: string, intakeId: string): Promise<void> {
      const intake = await repo.intakeOf(intakeId, userId);
      if (!intake) throw Errors.notFound('The intake');
      if (!intake.patientComplete) throw wrongState('This intake has not been completed yet.');
      await repo.markUserIntakeComplete(userId);
    },
  };
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;
