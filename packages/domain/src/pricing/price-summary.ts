import type { PlanOption } from './plan-pricing';

/** Price summary of the checkout panel (002 §3); amounts in integer cents. */
export interface PriceSummary {
  /** price + savings + specialDiscount (the undiscounted total). */
  subTotal: number;
  savings: number;
  specialDiscount: number;
  /** Total Due Now: the plan price. */
  total: number;
  duration: number;
}

/** An item counted towards a total: its amount in cents and whether it is recurring. */
export interface TotalItem {
  cents: number;
  recurring: boolean;
}

/** Sum in cents of the recurring items only; one-time items do not count towards the total (000 §9). */
export function recurringTotalCents(items: readonly TotalItem[]): number {
  return items.reduce((sum, item) => (item.recurring ? sum + item.cents : sum), 0);
}

/** Price summary of a plan option: subTotal = price + savings + special discount, total = price (002 §3). */
export function priceSummary(
  plan: Pick<PlanOption, 'price' | 'savings' | 'specialDiscount' | 'duration'>,
): PriceSummary {
  return {
    subTotal: plan.price + plan.savings + plan.specialDiscount,
    savings: plan.savings,
    specialDiscount: plan.specialDiscount,
    total: plan.price,
    duration: plan.duration,
  };
}
