import type { IntakeProduct } from '@portal/domain/contracts/intake';
import type { Product, ProductTemplate, ProductType } from '@portal/domain/contracts/product';
import type { CheckoutLine } from '@portal/domain/pricing/checkout-summary';
import { planBaselineCents } from '@portal/domain/pricing/checkout-summary';
import { configuredPeriodCents } from '@portal/domain/pricing/configured-price';
import type { SelectedMembership } from '../../../lib/funnel-selection';

/** One row of the Protocol or Addons section, with the numbers of its Summary line. */
export interface CheckoutItem {
  templateId: string;
  /** The priced product; null when the visit names only the template. */
  productId: string | null;
  type: ProductType;
  name: string;
  image: string | null;
  isAddon: boolean;
  strength: string | null;
  /** Units per month. */
  quantity: number | null;
  frequency: string | null;
  /** Plan months; 0 for one-time. */
  months: number;
  /** Shown as Free and not counted (lab work outside coaching, 000 §9). */
  free: boolean;
  line: CheckoutLine;
}

const baselineOf = (p: Product) => ({
  _id: p._id,
  recurring: p.pricing.type === 'recurring',
  intervalCount: p.pricing.interval_count,
  unitAmountCents: p.pricing.unit_amount,
  size: p.plan_properties.dosage_size ?? null,
});

/**
 * The visit's product as the checkout shows and prices it. The period amount is the priced product's,
 * scaled by a configured monthly quantity (when the patient configured one); the Sub-Total baseline is the
 * shortest plan of the same strength per month times the months (so longer plans show their savings).
 */
export function toCheckoutItem(
  entry: IntakeProduct,
  template: ProductTemplate,
  variants: readonly Product[],
  coaching: boolean,
): CheckoutItem {
  // A visit that names only the template is priced (and subscribed) at the template's default plan.
  const priced = entry.product
    ? variants.find((v) => v._id === entry.product)
    : (variants.find((v) => v.pricing.default) ?? variants[0]);
  const recurring = priced ? priced.pricing.type === 'recurring' : entry.shipping?.non_recurring !== true;
  const months = priced?.pricing.interval_count ?? entry.shipping?.months ?? 0;
  const unitsPerMonth = priced?.plan_properties.units_per_month;
  // A quantity only scales the price of a configured item (one with treatment_properties), as the server's
  // checkout pricing does; a bare add keeps the product's own amount.
  const quantity = entry.treatment_properties && entry.quantity ? entry.quantity : null;
  const amount = priced ? configuredPeriodCents(priced.pricing.unit_amount, quantity, unitsPerMonth) : 0;
  const baseline = priced
    ? configuredPeriodCents(
        planBaselineCents(baselineOf(priced), variants.map(baselineOf)),
        quantity,
        unitsPerMonth,
      )
    : 0;
  const free = template.type === 'lab' && !coaching;
  return {
    templateId: template._id,
    productId: priced?._id ?? entry.product ?? null,
    type: template.type,
    name: template.product_name || template.name,
    image: template.product_images[0] ?? null,
    isAddon: entry.is_addon === true,
    strength: entry.dosage ?? priced?.plan_properties.dosage_size ?? null,
    quantity,
    frequency: entry.frequency ?? null,
    months,
    free,
    line: {
      id: priced?._id ?? template._id,
      totalCents: baseline,
      totalDiscountCents: amount,
      recurring,
      free,
    },
  };
}

/** The chosen membership as a Summary line (recurring, no plan savings). */
export function membershipLine(membership: SelectedMembership): CheckoutLine {
  return {
    id: membership.price_id,
    totalCents: membership.unit_amount,
    totalDiscountCents: membership.unit_amount,
    recurring: true,
  };
}
