import type { CheckoutItem } from '@portal/domain/contracts/checkout-submit';
import type { IntakeProduct } from '@portal/domain/contracts/intake';
import { MESSAGES } from '@portal/domain/messages';
import {
  type CheckoutTotals,
  type CouponPercentages,
  checkoutTotals,
  type PricedVariant,
  type TotalsLine,
  variantLine,
} from '@portal/domain/pricing/checkout-totals';
import { ApiError } from '../../platform/errors';
import type { BillingService } from '../billing/billing.service';
import type { MembershipsRepository } from '../memberships/memberships.repository';
import type { CheckoutsRepository, VariantRow } from './checkouts.repository';

export const productUndefined = () => new ApiError(400, 'ProductUndefined', MESSAGES.productUndefined);
export const noProductSelected = () => new ApiError(400, 'NoProductSelected', MESSAGES.noProductSelected);
const couponNotApplicable = () => new ApiError(400, 'CouponNotApplicable', MESSAGES.couponNotApplicable);

/** A catalogue row as the domain's line builder reads it. */
export function toPricedVariant(row: VariantRow): PricedVariant {
  return {
    _id: row.id,
    templateId: row.templateId,
    recurring: row.pricingType === 'recurring',
    intervalCount: row.intervalCount,
    unitAmountCents: row.unitAmount,
    size: row.planProperties.dosage_size ?? null,
    unitsPerMonth: row.planProperties.units_per_month ?? null,
    billingScheme: row.billingScheme,
    tiers: row.tiers,
    tiersMode: row.tiersMode,
    oneTimeFeeCents: row.oneTimeFee,
    trialDays: row.trialPeriodDays,
  };
}

/** A product of the checkout with its priced line. */
export type PricedItem = { variant: VariantRow; quantity: number; line: TotalsLine };

export type ConsultationPrice = {
  items: PricedItem[];
  /** The chosen membership price, priced as a recurring line without savings. */
  membership: { membership: string; price: string; line: TotalsLine } | null;
  /** The first product is a coaching membership (000 §4): its priced product is subscribed to. */
  coachingProduct: string | null;
  coupon: { code: string; percentages: CouponPercentages } | null;
  totals: CheckoutTotals;
};

export type PurchasePrice = {
  items: PricedItem[];
  coupon: { code: string; percentages: CouponPercentages } | null;
  totals: CheckoutTotals;
};

/**
 * What the server charges by: the checkout's lines from the catalogue (the visit's products as configured
 * on the intake, or the cart's products), the discount code as the coupon route answers it, and the
 * domain's `checkoutTotals`. Reads only.
 */
export function createCheckoutPricing(deps: {
  repo: Pick<CheckoutsRepository, 'variantsOf' | 'templatesOfProducts'>;
  memberships: Pick<MembershipsRepository, 'findPrice'>;
  billing: Pick<BillingService, 'applyCoupon'>;
  now: () => Date;
}) {
  /** The code's percentages per product id, as POST /v2/cart/coupon/{code} answers them. */
  async function couponFor(organizationId: string, code: string | null, productIds: string[]) {
    if (!code) return null;
    if (productIds.length === 0) throw couponNotApplicable();
    try {
      const answer = await deps.billing.applyCoupon(
        organizationId,
        code,
        productIds.map((product) => ({ product })),
        deps.now(),
      );
      return { code: answer.promoCode, percentages: answer.productDiscounts };
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 404) throw couponNotApplicable();
      throw error;
    }
  }

  return {
    /**
     * The consultation checkout (000 §2 Screen 10, §9): each product of the visit at its priced variant (the
     * template's default plan when the visit names only the template), a configured quantity scaling it; lab
     * work is Free outside coaching; the membership is a recurring line. Products no longer sold are left out.
     */
    async consultation(
      organizationId: string,
      entries: readonly IntakeProduct[],
      chosen: { membership: string; price: string } | null,
      promoCode: string | null,
    ): Promise<ConsultationPrice> {
      const templateIds = [...new Set(entries.map((e) => e.product_template))];
      const rows = await deps.repo.variantsOf(organizationId, templateIds);
      const first = entries[0] && rows.find((r) => r.templateId === entries[0]!.product_template);
      const coaching = first?.templateType === 'coaching_membership';
      const items: PricedItem[] = [];
      for (const entry of entries) {
        const variants = rows.filter((r) => r.templateId === entry.product_template);
        const priced = entry.product
          ? variants.find((v) => v.id === entry.product)
          : (variants.find((v) => v.isDefault) ?? variants[0]);
        if (!priced) continue;
        const quantity = entry.treatment_properties && entry.quantity ? entry.quantity : null;
        const line = variantLine({
          variant: toPricedVariant(priced),
          variants: variants.map(toPricedVariant),
          quantityPerMonth: quantity,
          free: priced.templateType === 'lab' && !coaching,
        });
        items.push({ variant: priced, quantity: 1, line });
      }
      if (items.length === 0) throw noProductSelected();

      let membership: ConsultationPrice['membership'] = null;
      if (chosen) {
        const price = await deps.memberships.findPrice(organizationId, chosen.price);
        if (!price || price.membership !== chosen.membership) throw productUndefined();
        membership = {
          ...chosen,
          line: {
            id: price._id,
            totalCents: price.unit_amount,
            totalDiscountCents: price.unit_amount,
            recurring: true,
          },
        };
      }
      const coupon = await couponFor(
        organizationId,
        promoCode,
        items.map((i) => i.variant.id),
      );
      const lines = [...items.map((i) => i.line), ...(membership ? [membership.line] : [])];
      return {
        items,
        membership,
        coachingProduct: coaching ? (items[0]?.variant.id ?? null) : null,
        coupon,
        totals: checkoutTotals('consultation', lines, coupon?.percentages),
      };
    },

    /** A signup checkout or a shop cart (002 §2.7): every product on sale, one-time ones charged now. */
    async purchase(
      organizationId: string,
      cart: readonly CheckoutItem[],
      promoCode: string | null,
    ): Promise<PurchasePrice> {
      const templates = await deps.repo.templatesOfProducts(
        organizationId,
        cart.map((i) => i.product),
      );
      const rows = await deps.repo.variantsOf(organizationId, [...new Set(templates.values())]);
      const items = cart.map((item): PricedItem => {
        const variant = rows.find((r) => r.id === item.product);
        if (!variant) throw productUndefined();
        const variants = rows.filter((r) => r.templateId === variant.templateId);
        const line = variantLine({
          variant: toPricedVariant(variant),
          variants: variants.map(toPricedVariant),
          count: item.quantity,
        });
        return { variant, quantity: item.quantity, line };
      });
      const coupon = await couponFor(
        organizationId,
        promoCode,
        items.map((i) => i.variant.id),
      );
      return {
        items,
        coupon,
        totals: checkoutTotals(
          'purchase',
          items.map((i) => i.line),
          coupon?.percentages,
        ),
      };
    },
  };
}
export type CheckoutPricing = ReturnType<typeof createCheckoutPricing>;
