import type { IntakeProduct, IntakeProductConfiguration } from '@portal/domain/contracts/intake';
import { isAllowedQuantity } from '@portal/domain/dosing/quantity-options';
import { treatmentUnits } from '@portal/domain/pricing/configured-price';
import type { DosageFrequency, DosageStrength, PlanProperties, PricingType } from '../../db/schema/products';
import { Errors } from '../../platform/errors';

/** One entry of a products body: an id, or a configuration of a priced product. */
export type ProductRequest = string | IntakeProductConfiguration;

/** A priced product of the organization with its template's dosing options. */
export interface ConfigurableProduct {
  id: string;
  productTemplateId: string;
  intervalCount: number;
  pricingType: PricingType;
  planProperties: PlanProperties;
  stripePriceId: string | null;
  strengths: DosageStrength[];
  frequencies: DosageFrequency[];
  membershipId: string | null;
}

/** The template's frequency a configuration names, else the product's own, else the template's first. */
function chosenFrequency(found: ConfigurableProduct, label: string | undefined): DosageFrequency | null {
  if (label !== undefined) {
    const named = found.frequencies.find((f) => f.frequency.label === label);
    if (!named) {
      const offered = found.frequencies.map((f) => f.frequency.label).join(', ') || 'none';
      throw Errors.badRequest(
        `The dosing frequency "${label}" is not offered for this product (offered: ${offered}).`,
      );
    }
    return named;
  }
  return (
    found.frequencies.find((f) => f.frequency.label === found.planProperties.frequency) ??
    found.frequencies[0] ??
    null
  );
}

function chosenQuantity(frequency: DosageFrequency | null, quantity: number | undefined): number {
  if (!frequency) {
    if (quantity !== undefined && quantity !== 1)
      throw Errors.badRequest('The quantity of a product without a dosing frequency must be 1.');
    return 1;
  }
  const chosen =
    quantity ??
    (frequency.has_custom_quantity
      ? (frequency.custom_quantity?.default ?? frequency.monthly_units)
      : frequency.monthly_units);
  if (!isAllowedQuantity(frequency, chosen)) {
    const range = frequency.custom_quantity;
    throw Errors.badRequest(
      frequency.has_custom_quantity && range
        ? `The quantity must be between ${range.min} and ${range.max} in steps of 4 from ${range.min}.`
        : `The quantity of "${frequency.frequency.label}" must be ${frequency.monthly_units}.`,
    );
  }
  return chosen;
}

/**
 * The intake entry of a configuration (000 §3 "Selected configuration"), checked against the catalogue: the
 * dosage is the product's strength, the frequency one of the template's, the quantity one of the custom
 * choices (steps of 4 from min to max) or the frequency's monthly units; treatment_properties.quantity is
 * units x months. Throws a 400 naming the first mismatch.
 */
export function configuredIntakeProduct(
  found: ConfigurableProduct,
  config: IntakeProductConfiguration,
): IntakeProduct {
  const strength = found.planProperties.dosage_size;
  if (config.dosage !== undefined && config.dosage !== strength) {
    throw Errors.badRequest(
      strength
        ? `The dosage "${config.dosage}" does not match the product's strength "${strength}".`
        : `This product has no dosage strength; "${config.dosage}" cannot be chosen.`,
    );
  }
  const frequency = chosenFrequency(found, config.frequency);
  const quantity = chosenQuantity(frequency, config.quantity);
  const membership = config.membership ?? null;
  if (membership !== null && membership !== found.membershipId)
    throw Errors.badRequest('The membership is not offered with this product.');
  const months = found.intervalCount;
  const assistance = config.treatment_properties;
  return {
    product_template: found.productTemplateId,
    product: found.id,
    quantity,
    ...(frequency ? { frequency: frequency.frequency.label } : {}),
    ...(strength ? { dosage: strength } : {}),
    shipping: { months, non_recurring: found.pricingType === 'one_time' },
    membership,
    treatment_properties: {
      duration: months,
      has_custom_quantity: frequency?.has_custom_quantity ?? false,
      membership_price: null,
      product: found.id,
      product_template: found.productTemplateId,
      quantity: treatmentUnits(quantity, months),
      stripe_plan_id: found.stripePriceId,
      recommendation_requested: assistance?.recommendation_requested ?? false,
      ...(assistance?.comment ? { comment: assistance.comment } : {}),
    },
  };
}
