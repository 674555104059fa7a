/** Pricing type of a plan: recurring, or one-time (0 months). */
export type PlanType = 'recurring' | 'one_time';

/** A plan option of the checkout panel and preferences (002 §3); every amount is integer cents. */
export interface PlanOption {
  id: string;
  type: PlanType;
  /** Amount due: the discounted total minus the special discount. */
  price: number;
  /** total - totalDiscount. */
  savings: number;
  /** The coupon (special discount) amount taken off the discounted total. */
  specialDiscount: number;
  /** Undiscounted total of the plan. */
  total: number;
  /** Discounted total of the plan (before any special discount). */
  totalDiscount: number;
  /** Plan length in months; 0 means one-time. */
  duration: number;
  /** Best Value badge: true for the default plan. */
  highlight: boolean;
}

/** Inputs of one plan option; amounts in integer cents. */
export interface PlanOptionInput {
  id: string;
  type: PlanType;
  totalCents: number;
  totalDiscountCents: number;
  durationMonths: number;
  /** The plan flagged default, which carries the Best Value badge. */
  isDefault?: boolean;
  /** Special discount percentage (coupon), e.g. 20 for 20%. */
  specialDiscountPercent?: number | null;
}

/** Price per month in whole cents: discounted total / months, rounded; a one-time plan (0 months) returns the discounted total. */
export function pricePerMonthCents(totalDiscountCents: number, months: number): number {
  if (!Number.isFinite(months) || months <= 0) return Math.round(totalDiscountCents);
  return Math.round(totalDiscountCents / months);
}

/** Savings in cents: total minus discounted total, never below 0. */
export function savingsCents(totalCents: number, totalDiscountCents: number): number {
  return Math.max(0, totalCents - totalDiscountCents);
}

/** Special discount in whole cents: amount x percentage / 100, rounded; 0 for a missing, non-positive or non-finite percentage, at most the amount. */
export function specialDiscountCents(amountCents: number, percent: number | null | undefined): number {
  if (percent === null || percent === undefined || !Number.isFinite(percent) || percent <= 0) return 0;
  return Math.min(amountCents, Math.round((amountCents * percent) / 100));
}

/** The amount left after the special discount is subtracted: amount - amount x percentage / 100. */
export function applySpecialDiscountCents(amountCents: number, percent: number | null | undefined): number {
  return amountCents - specialDiscountCents(amountCents, percent);
}

/** Builds a plan option: savings = total - discounted total; special discount on the discounted total; price = discounted total - special discount; highlight = default plan. */
export function buildPlanOption(input: PlanOptionInput): PlanOption {
  const specialDiscount = specialDiscountCents(input.totalDiscountCents, input.specialDiscountPercent);
  return {
    id: input.id,
    type: input.type,
    price: input.totalDiscountCents - specialDiscount,
    savings: savingsCents(input.totalCents, input.totalDiscountCents),
    specialDiscount,
    total: input.totalCents,
    totalDiscount: input.totalDiscountCents,
    duration: input.durationMonths,
    highlight: input.isDefault === true,
  };
}

/** True when the plan carries the Best Value badge, which marks the default plan. */
export function isBestValue(plan: { highlight: boolean }): boolean {
  return plan.highlight;
}

/** Analytics item price in cents: price per month, total_discount / duration (rounded; the whole amount when duration is 0). */
export function analyticsItemPriceCents(totalDiscountCents: number, durationMonths: number): number {
  return pricePerMonthCents(totalDiscountCents, durationMonths);
}
