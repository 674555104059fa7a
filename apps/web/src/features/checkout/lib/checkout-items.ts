import type { IntakeProduct } from '@portal/domain/contracts/intake';
import type { Product, ProductTemplate, ProductType } from '@portal/domain/contracts/product';
import { type TotalsLine, variantLine } from '@portal/domain/pricing/checkout-totals';
import { pricedVariantOf } from '../../../components/checkout-forms/checkout-totals';
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
  /** The Summary line, as the server's checkout prices it. */
  line: TotalsLine;
}

/**
 * The visit's product as the checkout shows and prices it, with the domain's `variantLine` as the server's
 * checkout does: the period amount is the priced product's, scaled by a configured monthly quantity (when the
 * patient configured one); the Sub-Total baseline is the shortest plan of the same strength per month times
 * the months (so longer plans show their savings).
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
  // A quantity only scales the price of a configured item (one with treatment_properties), as the server's
  // checkout pricing does; a bare add keeps the product's own amount.
  const quantity = entry.treatment_properties && entry.quantity ? entry.quantity : null;
  const free = template.type === 'lab' && !coaching;
  // A product no longer sold is shown at nothing (the server leaves it out of the totals).
  const line: TotalsLine = priced
    ? variantLine({
        variant: pricedVariantOf(priced),
        variants: variants.map(pricedVariantOf),
        quantityPerMonth: quantity,
        free,
      })
    : { id: template._id, templateId: template._id, totalCents: 0, totalDiscountCents: 0, recurring, free };
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
    line,
  };
}

/** The chosen membership as a Summary line (recurring, no plan savings), as the server prices it. */
export function membershipLine(membership: SelectedMembership): TotalsLine {
  return {
    id: membership.price_id,
    totalCents: membership.unit_amount,
    totalDiscountCents: membership.unit_amount,
    recurring: true,
  };
}
