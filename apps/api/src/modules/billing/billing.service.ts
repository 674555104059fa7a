import type { BillingProfile, Card, CouponDiscount } from '@portal/domain/contracts/billing';
import { MESSAGES } from '@portal/domain/messages';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError, Errors } from '../../platform/errors';
import { describeError } from '../../platform/log-safe';
import { type PaymentAdapter, PaymentErrors } from '../../platform/payments/adapter';
import type { Notifier } from '../notifications/notifier';
import type { BillingRepository, CouponRow } from './billing.repository';

const couponNotApplicable = () => new ApiError(404, 'CouponNotApplicable', MESSAGES.couponNotApplicable);

/** A coupon can be redeemed now: active, not past its end, not used up. */
export function couponRedeemable(coupon: CouponRow, now: Date = new Date()): boolean {
  if (!coupon.active) return false;
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime()) return false;
  if (coupon.maxRedemptions !== null && coupon.timesRedeemed >= coupon.maxRedemptions) return false;
  return true;
}

export function createBillingService(deps: {
  repo: BillingRepository;
  payments: PaymentAdapter;
  notifier?: Pick<Notifier, 'notify'>;
}) {
  const { repo, payments } = deps;

  /** The provider's customer of the patient, created once even when requests race (see claimCustomerId). */
  async function customerFor(userId: string): Promise<{ customerId: string; organizationId: string }> {
    const account = await repo.account(userId);
    if (!account) throw Errors.notFound('The patient');
    if (account.stripeId && payments.ownsCustomer(account.stripeId)) {
      return { customerId: account.stripeId, organizationId: account.organizationId };
    }
    const { customerId: created } = await payments.createCustomer({
      userId,
      organizationId: account.organizationId,
      email: account.email,
      name: [account.firstName, account.lastName].filter(Boolean).join(' '),
    });
    const stored = await repo.claimCustomerId(userId, created, account.stripeId);
    // Another request stored its customer first: use that one. An id of the other provider (a sandbox
    // customer after Stripe was configured) is replaced by the compare-and-set above, never used.
    if (!stored || !payments.ownsCustomer(stored)) throw PaymentErrors.providerUnavailable();
    return { customerId: stored, organizationId: account.organizationId };
  }

  return {
    /**
     * Creates the billing profile if missing and makes the card the default (billing profile create and
     * add-card). Idempotent: a doubled or retried call leaves one customer and one default card.
     */
    async saveCard(
      userId: string,
      token: string,
      log: FastifyBaseLogger,
      referral: { referral_id?: string | null; affiliate_token?: string | null } = {},
    ): Promise<BillingProfile> {
      const { customerId, organizationId } = await customerFor(userId);
      let card: Awaited<ReturnType<PaymentAdapter['attachCard']>>;
      try {
        card = await payments.attachCard(customerId, token);
      } catch (error) {
        // A declined card is worth a notice (the patient may have left the page); a mistyped one is not.
        if (error instanceof ApiError && error.statusCode === 402)
          await deps.notifier?.notify(userId, organizationId, {
            category: 'payment',
            message: 'Your card could not be saved. Please add another card in your billing settings.',
            data: { type: 'other' },
          });
        throw error;
      }
      const replaced = await repo.saveDefaultCard({
        userId,
        organizationId,
        provider: payments.provider,
        customerId,
        card,
      });
      if (replaced && replaced !== card.payment_method_id) {
        // The old card is no longer used; failing to remove it at the provider does not fail the update.
        await payments.detachCard(customerId, replaced).catch((error: unknown) => {
          log.warn({ err: describeError(error) }, 'payments: could not detach the replaced card');
        });
      }
      if (referral.referral_id || referral.affiliate_token) {
        await repo.recordReferralOnce(userId, organizationId, referral);
      }
      if (replaced !== card.payment_method_id)
        await deps.notifier?.notify(userId, organizationId, {
          category: 'payment',
          message: `Your card ending in ${card.last4} was saved to your account.`,
          data: { type: 'other' },
        });
      return {
        user_id: userId,
        stripe_id: customerId,
        has_card_source: true,
        stripe_profile: { default_source: card.payment_method_id },
        card: { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year },
      };
    },

    async card(userId: string): Promise<Card> {
      const card = await repo.defaultCard(userId);
      if (!card) throw Errors.notFound('The card');
      return card;
    },

    /**
     * The discount of a code on the cart (000 §3 "Coupon discount"): the percentage per product id sent,
     * for the products the coupon applies to. Unknown, inactive, expired, used-up codes and codes that
     * apply to none of the products are all "not applicable" (404).
     */
    async applyCoupon(
      organizationId: string,
      code: string,
      items: { product: string }[],
      now: Date = new Date(),
    ): Promise<CouponDiscount> {
      const ids = [...new Set(items.map((i) => i.product))];
      // one statement: the coupon and the template of every product sent
      const found = await repo.couponForProducts(organizationId, code, ids);
      if (!found || !couponRedeemable(found.coupon, now)) throw couponNotApplicable();
      const { coupon, templates } = found;
      const applies = new Set(coupon.appliesTo);
      const productDiscounts: CouponDiscount['productDiscounts'] = {};
      for (const id of ids) {
        const template = templates.get(id);
        if (template && applies.has(template)) productDiscounts[id] = { discount: coupon.percentOff };
      }
      if (Object.keys(productDiscounts).length === 0) throw couponNotApplicable();
      return { promoCode: coupon.code, productDiscounts };
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
