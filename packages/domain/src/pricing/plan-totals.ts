import { configuredPeriodCents } from './configured-price';

/** Inputs of a configured plan's totals; amounts in integer cents. */
export interface PlanTotalsInput {
  /** unit_amount of the 1-month product of the same strength (the undiscounted monthly price); null when none exists. */
  oneMonthUnitAmount: number | null;
  /** unit_amount of the plan's product, charged every `months` months. */
  planUnitAmount: number;
  months: number;
  /** Configured monthly units (e.g. a custom quantity); null keeps the priced amounts. */
  quantity: number | null;
  /** plan_properties.units_per_month of the priced products. */
  unitsPerMonth: number | null | undefined;
}

/**
 * Totals of a configured plan (000 §9): the discounted total is the plan's unit_amount; the undiscounted total
 * is the 1-month price x months (the plan's own amount when there is no 1-month product or the plan is
 * one-time); both scaled by quantity / units per month.
 */
export function configuredPlanTotals(input: PlanTotalsInput): { total: number; totalDiscount: number } {
  const totalDiscount = configuredPeriodCents(input.planUnitAmount, input.quantity, input.unitsPerMonth);
  if (input.oneMonthUnitAmount === null || input.months <= 0) return { total: totalDiscount, totalDiscount };
  const monthly = configuredPeriodCents(input.oneMonthUnitAmount, input.quantity, input.unitsPerMonth);
  return { total: Math.max(totalDiscount, monthly * input.months), totalDiscount };
}
