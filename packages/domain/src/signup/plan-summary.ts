import type { Product } from '../contracts/product';
import { buildPlanOption, type PlanOption } from '../pricing/plan-pricing';

/**
 * Scroll offset (px) after which the plan summary bar turns sticky, by viewport width (002 §9); null from
 * 1024 px up, where it never is.
 */
export function stickySummaryOffset(width: number): number | null {
  if (width < 480) return 410;
  if (width < 640) return 600;
  if (width < 810) return 480;
  if (width < 1024) return 500;
  return null;
}

/**
 * The plan options of a product's priced variants (002 §2.9, §3): each recurring plan is compared with the
 * shortest recurring plan's monthly price (its undiscounted total is that monthly price times its months),
 * so Savings = that total minus the plan's price; a one-time plan has no savings. The Best Value badge marks
 * the variant flagged default. Options keep the products' order.
 */
export function planOptionsOf(products: readonly Product[]): PlanOption[] {
  const recurring = products
    .filter((p) => p.pricing.type === 'recurring' && p.pricing.interval_count > 0)
    .sort((a, b) => a.pricing.interval_count - b.pricing.interval_count);
  const base = recurring[0];
  const baseMonthly = base ? base.pricing.unit_amount / base.pricing.interval_count : null;
  return products.map((p) => {
    const months = p.pricing.type === 'recurring' ? p.pricing.interval_count : 0;
    const price = p.pricing.unit_amount;
    const total =
      months > 0 && baseMonthly !== null ? Math.max(price, Math.round(baseMonthly * months)) : price;
    return buildPlanOption({
      id: p._id,
      type: months > 0 ? 'recurring' : 'one_time',
      totalCents: total,
      totalDiscountCents: price,
      durationMonths: months,
      isDefault: p.pricing.default,
    });
  });
}
