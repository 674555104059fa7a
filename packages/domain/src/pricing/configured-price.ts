/**
 * A priced product covers the monthly units of its dosage frequency (plan_properties.units_per_month); a
 * configured quantity (units per month, e.g. a custom quantity in steps of 4) scales the period amount by
 * quantity / units per month. Without a quantity or a unit count the period amount stands as it is.
 */
export function configuredPeriodCents(
  unitAmountCents: number,
  quantityPerMonth: number | null | undefined,
  unitsPerMonth: number | null | undefined,
): number {
  if (
    quantityPerMonth === null ||
    quantityPerMonth === undefined ||
    unitsPerMonth === null ||
    unitsPerMonth === undefined ||
    !Number.isFinite(quantityPerMonth) ||
    !Number.isFinite(unitsPerMonth) ||
    quantityPerMonth <= 0 ||
    unitsPerMonth <= 0
  )
    return unitAmountCents;
  return Math.round((unitAmountCents * quantityPerMonth) / unitsPerMonth);
}

/**
 * A visit item's period amount. An item configured in the visit (it carries treatment_properties) scales by
 * its monthly quantity; one added as it stands (an add-on, a priced product chosen by id) counts packs, so its
 * price stands. The checkout's totals and the approval's subscription must agree on this.
 */
export function visitItemPeriodCents(
  unitAmountCents: number,
  item: { quantity?: number | null | undefined; treatment_properties?: unknown },
  unitsPerMonth: number | null | undefined,
): number {
  return item.treatment_properties
    ? configuredPeriodCents(unitAmountCents, item.quantity, unitsPerMonth)
    : unitAmountCents;
}

/** treatment_properties.quantity (000 §3): units per month times plan months; a one-time plan counts one month. */
export function treatmentUnits(quantityPerMonth: number, months: number): number {
  return quantityPerMonth * Math.max(1, months);
}
