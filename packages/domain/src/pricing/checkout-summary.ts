import { specialDiscountCents } from './plan-pricing';
import { oneTimeFeeCents, trialDaysOf } from './price-scheme';

/**
 * One line of the checkout (000 §2 Screen 10, 002 §2.7): a configured product or the chosen membership.
 * Amounts are integer cents for one plan period.
 */
export interface CheckoutLine {
  id: string;
  /** Undiscounted amount of the period (the shortest plan's monthly price times the months). */
  totalCents: number;
  /** Amount of the period after the plan's own savings, before any coupon. */
  totalDiscountCents: number;
  /** Only recurring items count towards the totals (000 §9). */
  recurring: boolean;
  /** Shown as Free and left out of the totals: lab work outside a coaching checkout (000 §9). */
  free?: boolean;
  /** The coupon's percentage for this line, e.g. 20. */
  specialDiscountPercent?: number | null;
  /** A setup fee due with the first payment only (002 §3 one_time_fee), cents. */
  oneTimeFeeCents?: number | null;
  /** A trial (002 §3 trial_period_days): the line's own amount is not due now. */
  trialDays?: number | null;
}

/** The Summary rows: Sub-Total, Savings, Special Discount and 'Total Due Now' (002 §2.7), in cents. */
export interface CheckoutSummary {
  subTotal: number;
  savings: number;
  specialDiscount: number;
  totalDueNow: number;
  /** The one-time fees included in 'Total Due Now' (the 'One-time fee' row); absent when there are none. */
  oneTimeFees?: number;
}

/** True when a line counts towards the Summary: recurring and not free. */
export function countsTowardsTotal(line: Pick<CheckoutLine, 'recurring' | 'free'>): boolean {
  return line.recurring && !line.free;
}

/** The coupon's amount on one line: the percentage of its discounted amount (000 §9). */
export function lineSpecialDiscountCents(line: CheckoutLine): number {
  return specialDiscountCents(line.totalDiscountCents, line.specialDiscountPercent);
}

/**
 * The Summary of the checkout over the recurring, non-free lines: Sub-Total is the undiscounted amount,
 * Savings the plans' own discounts, Special Discount the coupon, Total Due Now what is left
 * (Sub-Total - Savings - Special Discount). Nothing is charged before a doctor approves (000 §1); the total
 * is what the first period will cost then: a line's one-time fee is added once, and a line on a trial
 * leaves its own amount out (its first period is charged when the trial ends).
 */
export function checkoutSummary(lines: readonly CheckoutLine[]): CheckoutSummary {
  let subTotal = 0;
  let savings = 0;
  let specialDiscount = 0;
  let oneTimeFees = 0;
  let deferred = 0;
  for (const line of lines) {
    if (!countsTowardsTotal(line)) continue;
    const total = Math.max(line.totalCents, line.totalDiscountCents);
    const lineSavings = total - line.totalDiscountCents;
    const lineSpecial = lineSpecialDiscountCents(line);
    subTotal += total;
    savings += lineSavings;
    specialDiscount += lineSpecial;
    oneTimeFees += oneTimeFeeCents(line.oneTimeFeeCents);
    if (trialDaysOf(line.trialDays) > 0) deferred += total - lineSavings - lineSpecial;
  }
  return {
    subTotal,
    savings,
    specialDiscount,
    totalDueNow: subTotal - savings - specialDiscount - deferred + oneTimeFees,
    ...(oneTimeFees > 0 ? { oneTimeFees } : {}),
  };
}

/** A priced variant as the plan baseline needs it. */
export interface BaselineVariant {
  _id: string;
  recurring: boolean;
  /** Months per period; 0 for one-time. */
  intervalCount: number;
  unitAmountCents: number;
  /** The variant's strength or size, to compare like with like (e.g. "2 mg"). */
  size?: string | null;
}

/**
 * The undiscounted amount of a plan: the monthly price of the shortest recurring plan of the same size,
 * times the plan's months. A one-time or a shortest plan is its own baseline; never below the plan's amount.
 * Example: 1-month plan $99, 3-month plan $267 -> baseline 3 x $99 = $297, savings $30.
 */
export function planBaselineCents(plan: BaselineVariant, variants: readonly BaselineVariant[]): number {
  if (!plan.recurring || plan.intervalCount <= 0) return plan.unitAmountCents;
  const sameSize = variants.filter(
    (v) => v.recurring && v.intervalCount > 0 && (v.size ?? null) === (plan.size ?? null),
  );
  const shortest = [...sameSize].sort((a, b) => a.intervalCount - b.intervalCount)[0];
  if (!shortest || shortest.intervalCount >= plan.intervalCount) return plan.unitAmountCents;
  const perMonth = shortest.unitAmountCents / shortest.intervalCount;
  return Math.max(plan.unitAmountCents, Math.round(perMonth * plan.intervalCount));
}
