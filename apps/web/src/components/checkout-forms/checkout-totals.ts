import type { Product } from '@portal/domain/contracts/product';
import {
  type CheckoutTotals,
  type CouponPercentages,
  checkoutTotals,
  type PricedVariant,
  type TotalsLine,
  type TotalsMode,
} from '@portal/domain/pricing/checkout-totals';
import type { AppliedDiscount } from './discount-code-field';

export type { CheckoutTotals, TotalsLine, TotalsMode };

/** A priced product as the domain's line builder (`variantLine`) reads it, as the server's checkout does. */
export function pricedVariantOf(product: Product): PricedVariant {
  return {
    _id: product._id,
    templateId: product.product_template,
    recurring: product.pricing.type === 'recurring',
    intervalCount: product.pricing.interval_count,
    unitAmountCents: product.pricing.unit_amount,
    size: product.plan_properties.dosage_size ?? null,
    unitsPerMonth: product.plan_properties.units_per_month ?? null,
    // 002 §3's broader pricing fields, priced as the server prices them
    billingScheme: product.pricing.billing_scheme ?? null,
    tiers: product.pricing.tiers ?? null,
    tiersMode: product.pricing.tiers_mode ?? null,
    oneTimeFeeCents: product.pricing.one_time_fee ?? null,
    trialDays: product.pricing.trial_period_days ?? null,
  };
}

/** The applied code's percentages in the coupon answer's shape (`{ [productId]: { discount } }`). */
export function couponOf(discount: AppliedDiscount | null | undefined): CouponPercentages | null {
  if (!discount) return null;
  return Object.fromEntries(
    Object.entries(discount.percentages).map(([id, percent]) => [id, { discount: percent }]),
  );
}

/**
 * The Summary of a checkout with its applied code: `checkoutTotals` of the domain, the function the server
 * charges by. A consultation counts its recurring items only (000 §9); a purchase counts one-time items in
 * 'Total Due Now' too (002 §2.7).
 */
export function summaryTotals(
  mode: TotalsMode,
  lines: readonly TotalsLine[],
  discount: AppliedDiscount | null | undefined,
): CheckoutTotals {
  return checkoutTotals(mode, lines, couponOf(discount));
}
