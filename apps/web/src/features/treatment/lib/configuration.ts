import type { IntakeProductConfiguration } from '@portal/domain/contracts/intake';
import type { Product, ProductTemplate } from '@portal/domain/contracts/product';
import { instructionDose, starterDose, weeklyDose } from '@portal/domain/dosing/dose';
import { fillInstructionsWithDose } from '@portal/domain/dosing/instructions';
import {
  customQuantityChoices,
  recommendedQuantity,
  recommendedWeeklyDose,
  starterQuantity,
} from '@portal/domain/dosing/quantity-options';
import { treatmentUnits } from '@portal/domain/pricing/configured-price';
import {
  defaultDurationMonths,
  defaultPlanProduct,
  sortByIntervalCount,
} from '@portal/domain/pricing/plan-default';
import { buildPlanOption, type PlanOption } from '@portal/domain/pricing/plan-pricing';
import { configuredPlanTotals } from '@portal/domain/pricing/plan-totals';
import { isCompounded } from '../../../lib/dosage-units';
import type { SelectedProduct } from '../../../lib/funnel-selection';

/** A dosage frequency of a template (000 §3). */
export type DosageFrequency = ProductTemplate['dosage_frequencies'][number];

/** The dose options of treatment preferences (000 §2 Screen 8): request is the assistance option. */
export type DoseOption = 'recommended' | 'starter' | 'request' | 'custom';

/** What the patient has chosen on the preferences screen or in an add-on's Change Plan editor. */
export interface Configuration {
  strength: string | null;
  frequency: string | null;
  months: number;
  dose: DoseOption;
  /** The custom monthly quantity (dose 'custom'). */
  customQuantity: number | null;
  /** Assistance comment (dose 'request'). */
  comment: string;
}

/** The strength of a priced product (plan_properties.dosage_size), or null. */
export function strengthOf(product: Product): string | null {
  return product.plan_properties.dosage_size ?? null;
}

/** The template's strengths; products without a strength match any. */
export function productsForStrength(products: readonly Product[], strength: string | null): Product[] {
  return sortByIntervalCount(
    products.filter((p) => strength === null || !strengthOf(p) || strengthOf(p) === strength),
  );
}

/** The priced product of a strength and plan length. */
export function planProduct(
  products: readonly Product[],
  strength: string | null,
  months: number,
): Product | undefined {
  return productsForStrength(products, strength).find((p) => p.pricing.interval_count === months);
}

/** The dosage frequency with the label, else the first. */
export function frequencyOf(template: ProductTemplate, label: string | null): DosageFrequency | null {
  return (
    template.dosage_frequencies.find((f) => f.frequency.label === label) ??
    template.dosage_frequencies[0] ??
    null
  );
}

/** Monthly units of a configuration: by the dose option when the frequency has a custom quantity, else the frequency's units. */
export function configuredQuantity(template: ProductTemplate, config: Configuration): number | null {
  const frequency = frequencyOf(template, config.frequency);
  if (!frequency) return null;
  if (!frequency.has_custom_quantity) return frequency.monthly_units;
  switch (config.dose) {
    case 'recommended':
      return recommendedQuantity(frequency, template.dose_recommendation, isCompounded(template));
    case 'custom':
      return config.customQuantity ?? starterQuantity(frequency);
    default:
      return starterQuantity(frequency);
  }
}

/** Weekly dose shown for a dose option (000 §9): recommended (compounded x 3), starter, or units / 4 x strength. */
export function optionWeeklyDose(
  template: ProductTemplate,
  frequency: DosageFrequency,
  strength: string,
  option: DoseOption,
  customQuantity: number | null,
): number {
  switch (option) {
    case 'recommended':
      return recommendedWeeklyDose(frequency, template.dose_recommendation, isCompounded(template), strength);
    case 'custom':
      return weeklyDose(customQuantity ?? starterQuantity(frequency), strength);
    default:
      return starterDose(starterQuantity(frequency), strength);
  }
}

/** The frequency's instructions with the dose filled in: quantity x dose quantity x strength / 4. */
export function filledInstructions(
  template: ProductTemplate,
  frequency: DosageFrequency,
  strength: string | null,
  quantity: number,
): string {
  if (!strength) return frequency.instructions;
  return fillInstructionsWithDose(
    frequency.instructions,
    instructionDose(quantity, strength, template.dose_quantity),
  );
}

export { customQuantityChoices };

/** A plan option for a priced product at a monthly quantity; the 1-month product of the same strength gives the undiscounted price. */
export function planOptionOf(
  products: readonly Product[],
  product: Product,
  quantity: number | null,
): PlanOption {
  const months = product.pricing.interval_count;
  const oneMonth = planProduct(products, strengthOf(product), 1);
  const { total, totalDiscount } = configuredPlanTotals({
    oneMonthUnitAmount: oneMonth ? oneMonth.pricing.unit_amount : null,
    planUnitAmount: product.pricing.unit_amount,
    months,
    quantity,
    unitsPerMonth: product.plan_properties.units_per_month,
  });
  return buildPlanOption({
    id: product._id,
    type: product.pricing.type,
    totalCents: total,
    totalDiscountCents: totalDiscount,
    durationMonths: months,
    isDefault: product.pricing.default,
  });
}

/**
 * The configuration the screen opens with: the product named in the query (its strength and length), else
 * the default plan (stored defaultDurationSelection, the product flagged default, the first); the active
 * length by the stored selection, else the one already active, else the first (000 §4).
 */
export function initialConfiguration(
  template: ProductTemplate,
  products: readonly Product[],
  queryProductId: string | null,
  storedDuration: string | null,
  defaultDose: DoseOption = 'starter',
): Configuration {
  const fromQuery = products.find((p) => p._id === queryProductId);
  const fallback = defaultPlanProduct(sortByIntervalCount(products), storedDuration);
  const active = fromQuery ?? fallback;
  const strength = (active && strengthOf(active)) ?? template.dosage_strengths[0]?.strength ?? null;
  const durations = productsForStrength(products, strength).map((p) => p.pricing.interval_count);
  const months =
    defaultDurationMonths(durations, storedDuration, active?.pricing.interval_count ?? null) ?? 0;
  const frequency =
    template.dosage_frequencies.find((f) => f.frequency.label === active?.plan_properties.frequency) ??
    template.dosage_frequencies[0];
  return {
    strength,
    frequency: frequency?.frequency.label ?? null,
    months,
    dose: defaultDose,
    customQuantity: frequency?.custom_quantity?.default ?? null,
    comment: '',
  };
}

/** The body entry of POST /v2/intakes/{id}/products for a configuration. */
export function configurationBody(
  template: ProductTemplate,
  product: Product,
  config: Configuration,
  membership: string | null = null,
): IntakeProductConfiguration {
  const quantity = configuredQuantity(template, config);
  const requested = config.dose === 'request' && frequencyOf(template, config.frequency)?.has_custom_quantity;
  return {
    product: product._id,
    ...(quantity !== null ? { quantity } : {}),
    ...(config.frequency ? { frequency: config.frequency } : {}),
    ...(strengthOf(product) ? { dosage: strengthOf(product)! } : {}),
    ...(membership ? { membership } : {}),
    ...(requested
      ? {
          treatment_properties: {
            recommendation_requested: true,
            ...(config.comment.trim() ? { comment: config.comment.trim() } : {}),
          },
        }
      : {}),
  };
}

/** The locally kept selection (000 §3 "Selected configuration") of a configured product. */
export function selectedProduct(args: {
  intakeId: string;
  template: ProductTemplate;
  products: readonly Product[];
  product: Product;
  config: Configuration;
  isAddon: boolean;
  membership?: string | null;
}): SelectedProduct {
  const { template, product, config } = args;
  const quantity = configuredQuantity(template, config);
  const plan = planOptionOf(args.products, product, quantity);
  const months = product.pricing.interval_count;
  const frequency = frequencyOf(template, config.frequency);
  const requested = config.dose === 'request' && Boolean(frequency?.has_custom_quantity);
  return {
    intake: args.intakeId,
    product_template: template._id,
    product: product._id,
    type: template.type,
    name: template.product_name || template.name,
    image: template.product_images[0] ?? null,
    is_addon: args.isAddon,
    frequency: frequency?.frequency.label ?? null,
    quantity,
    dosage: strengthOf(product),
    shipping: { months, non_recurring: product.pricing.type === 'one_time' },
    pricing: {
      total: plan.total,
      total_discount: plan.totalDiscount,
      product_savings: plan.savings,
      membership_savings: 0,
      total_savings: plan.savings,
      specialDiscount: 0,
    },
    membership: args.membership ?? null,
    treatment_properties: {
      duration: months,
      has_custom_quantity: frequency?.has_custom_quantity ?? false,
      membership_price: null,
      product: product._id,
      product_template: template._id,
      quantity: treatmentUnits(quantity ?? 1, months),
      stripe_plan_id: product.stripe_price_id,
      recommendation_requested: requested,
      ...(requested && config.comment.trim() ? { comment: config.comment.trim() } : {}),
    },
  };
}
