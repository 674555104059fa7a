import {
  type BaselineVariant,
  type CheckoutLine,
  checkoutSummary,
  planBaselineCents,
} from './checkout-summary';
import { configuredPeriodCents } from './configured-price';
import { specialDiscountCents } from './plan-pricing';
import { isTiered, lineAmountCents, oneTimeFeeCents, type PriceScheme, trialDaysOf } from './price-scheme';

/**
 * Which document's Summary a checkout follows:
 * - `consultation` (000 §9): only recurring items count towards the total, lab work is shown as Free, and
 *   nothing is charged before a physician approves (000 §1): the total is what the first period will cost.
 * - `purchase` (002 §2.7, the shop's checkout panel and the signup lab/supplement checkout): one-time
 *   purchases count in 'Total Due Now' too, and they are what the card is charged at submit; recurring
 *   plans start awaiting physician review, as every subscription does.
 */
export type TotalsMode = 'consultation' | 'purchase';

/**
 * A discount code's answer as `POST /v2/cart/coupon/{code}` gives it (000 §3 "Coupon discount"): the
 * percentage off per product id sent.
 */
export type CouponPercentages = Readonly<Record<string, { discount: number }>>;

/** One line of a checkout, in integer cents for one plan period (or for the one-time purchase). */
export interface TotalsLine {
  /** The priced product's id (or the membership price's): what the coupon answer is keyed by. */
  id: string;
  /** The product template; a coupon answer keyed by the template applies too (the web sends either). */
  templateId?: string | null;
  /** Undiscounted amount (the baseline Sub-Total is made of). */
  totalCents: number;
  /** Amount after the plan's own savings, before any coupon. */
  totalDiscountCents: number;
  recurring: boolean;
  /** Shown as Free and never counted: lab work in a consultation checkout without coaching (000 §9). */
  free?: boolean;
  /** A setup fee due with the first payment only (002 §3 one_time_fee); never discounted, never renewed. */
  oneTimeFeeCents?: number | null;
  /** A recurring line's trial (002 §3 trial_period_days): its own amount is not due now. */
  trialDays?: number | null;
}

/** The figures of one line. */
export interface LineTotals {
  id: string;
  subTotal: number;
  savings: number;
  /** The coupon's amount on this line. */
  specialDiscount: number;
  /** subTotal - savings - specialDiscount. */
  total: number;
  /** The coupon's percentage applied to this line, or null. */
  percentOff: number | null;
  /** Counted towards the Summary of the checkout's document. */
  counted: boolean;
  /** The one-time fee (0 when none). */
  oneTimeFee: number;
  /** Days of the trial that defers the line's own amount (0 when none). */
  trialDays: number;
  /** What the line adds to 'Total Due Now': its fee, plus its total unless a trial defers it. */
  dueNow: number;
  /** Charged to the card at submit (0 when not). */
  chargedNow: number;
}

/** The Summary rows (Sub-Total, Savings, Special Discount, 'Total Due Now') and the amount charged now. */
export interface CheckoutTotals {
  lines: LineTotals[];
  subTotal: number;
  savings: number;
  specialDiscount: number;
  /** The counted lines' one-time fees (the Summary's 'One-time fee' row). */
  oneTimeFees: number;
  /** Sub-Total - Savings - Special Discount of the lines not on a trial, plus the one-time fees. */
  totalDueNow: number;
  /**
   * What the card is charged at submit: in a purchase, the counted one-time lines and every counted line's
   * one-time fee (a recurring plan's own amount is billed when its subscription starts); 0 for a consultation.
   */
  chargedNow: number;
}

/** The coupon's percentage for a line: by its product id, else by its template (as the checkout page reads it). */
export function couponPercentFor(
  line: Pick<TotalsLine, 'id' | 'templateId'>,
  coupon: CouponPercentages | null | undefined,
): number | null {
  if (!coupon) return null;
  const hit = coupon[line.id] ?? (line.templateId ? coupon[line.templateId] : undefined);
  return hit && Number.isFinite(hit.discount) && hit.discount > 0 ? hit.discount : null;
}

/** Whether a line counts towards the Summary of the mode's document (000 §9; 002 §2.7). */
export function countsIn(mode: TotalsMode, line: Pick<TotalsLine, 'recurring' | 'free'>): boolean {
  if (line.free) return false;
  return mode === 'purchase' || line.recurring;
}

/**
 * The totals of a checkout, the one function the page shows and the server charges by. Per line:
 * Sub-Total is the larger of the baseline and the plan amount, Savings the plan's own discount, Special
 * Discount the coupon's percentage of the plan amount (rounded to the cent, as `specialDiscountCents`), and
 * the line total what is left. Lines count by the mode's document; a purchase charges its counted one-time
 * lines now. A one-time fee is added to 'Total Due Now' once (no code applies to it) and a recurring line
 * on a trial leaves its own total out of it (Sub-Total, Savings and Special Discount still describe the
 * plan). In `consultation` mode the Summary equals `checkoutSummary` of the same lines.
 */
export function checkoutTotals(
  mode: TotalsMode,
  lines: readonly TotalsLine[],
  coupon?: CouponPercentages | null,
): CheckoutTotals {
  const out: LineTotals[] = [];
  const sums = {
    subTotal: 0,
    savings: 0,
    specialDiscount: 0,
    oneTimeFees: 0,
    totalDueNow: 0,
    chargedNow: 0,
  };
  for (const line of lines) {
    const percentOff = couponPercentFor(line, coupon);
    const subTotal = Math.max(line.totalCents, line.totalDiscountCents);
    const savings = subTotal - line.totalDiscountCents;
    const specialDiscount = specialDiscountCents(line.totalDiscountCents, percentOff);
    const total = subTotal - savings - specialDiscount;
    const counted = countsIn(mode, line);
    const oneTimeFee = oneTimeFeeCents(line.oneTimeFeeCents);
    const trialDays = line.recurring ? trialDaysOf(line.trialDays) : 0;
    const dueNow = (trialDays > 0 ? 0 : total) + oneTimeFee;
    const chargedNow = mode === 'purchase' && counted ? (line.recurring ? 0 : total) + oneTimeFee : 0;
    out.push({
      id: line.id,
      subTotal,
      savings,
      specialDiscount,
      total,
      percentOff,
      counted,
      oneTimeFee,
      trialDays,
      dueNow,
      chargedNow,
    });
    if (!counted) continue;
    sums.subTotal += subTotal;
    sums.savings += savings;
    sums.specialDiscount += specialDiscount;
    sums.oneTimeFees += oneTimeFee;
    sums.totalDueNow += dueNow;
    sums.chargedNow += chargedNow;
  }
  return { lines: out, ...sums };
}

/** The lines as `checkoutSummary` reads them, with the coupon's percentage on each (for comparison and reuse). */
export function toSummaryLines(
  lines: readonly TotalsLine[],
  coupon?: CouponPercentages | null,
): CheckoutLine[] {
  return lines.map((line) => ({
    id: line.id,
    totalCents: line.totalCents,
    totalDiscountCents: line.totalDiscountCents,
    recurring: line.recurring,
    ...(line.free ? { free: true } : {}),
    ...(line.oneTimeFeeCents ? { oneTimeFeeCents: line.oneTimeFeeCents } : {}),
    ...(line.trialDays ? { trialDays: line.trialDays } : {}),
    specialDiscountPercent: couponPercentFor(line, coupon),
  }));
}

/** The consultation Summary through `checkoutSummary` itself: the same figures as `checkoutTotals`. */
export function consultationSummary(lines: readonly TotalsLine[], coupon?: CouponPercentages | null) {
  return checkoutSummary(toSummaryLines(lines, coupon));
}

/** A priced variant as a checkout line needs it. */
export interface PricedVariant extends BaselineVariant {
  templateId: string;
  /** plan_properties.units_per_month. */
  unitsPerMonth?: number | null;
  /** pricing.billing_scheme, tiers and tiers_mode (002 §3); per_unit when absent. */
  billingScheme?: PriceScheme['billing_scheme'];
  tiers?: PriceScheme['tiers'];
  tiersMode?: PriceScheme['tiers_mode'];
  /** pricing.one_time_fee, cents. */
  oneTimeFeeCents?: number | null;
  /** pricing.trial_period_days. */
  trialDays?: number | null;
}

/** The variant's pricing scheme as `lineAmountCents` reads it. */
export function schemeOf(variant: PricedVariant): PriceScheme {
  return {
    unit_amount: variant.unitAmountCents,
    billing_scheme: variant.billingScheme ?? null,
    tiers: variant.tiers ?? null,
    tiers_mode: variant.tiersMode ?? null,
  };
}

/**
 * The line of a priced variant (000 §3 "Selected configuration"; 002 §3): the plan amount is the variant's,
 * scaled by a configured monthly quantity (quantity / units per month, `configuredPeriodCents`) and by a
 * cart quantity; the baseline is the shortest plan of the same size per month times the months
 * (`planBaselineCents`), scaled alike. Example: Generic Rapamycin 2 mg, 12 months at $1,308.00 against a
 * 1-month $149.00 gives baseline $1,788.00 and savings $480.00. A tiered variant's amount for the count is
 * its tiers' (`lineAmountCents`), and what that saves against the single-unit price shows as Savings. The
 * variant's one-time fee and trial go with the line.
 */
export function variantLine(input: {
  variant: PricedVariant;
  variants: readonly PricedVariant[];
  /** A configured monthly quantity (consultation); null or absent keeps the priced amount. */
  quantityPerMonth?: number | null;
  /** Units bought (a shop cart line); default 1. */
  count?: number;
  free?: boolean;
}): TotalsLine {
  const { variant } = input;
  const count = Math.max(1, Math.floor(input.count ?? 1));
  const configured = (cents: number) =>
    configuredPeriodCents(cents, input.quantityPerMonth, variant.unitsPerMonth);
  const scale = (cents: number) => configured(cents) * count;
  const scheme = schemeOf(variant);
  const fee = oneTimeFeeCents(variant.oneTimeFeeCents);
  const trial = variant.recurring ? trialDaysOf(variant.trialDays) : 0;
  return {
    id: variant._id,
    templateId: variant.templateId,
    totalCents: scale(planBaselineCents(variant, input.variants)),
    totalDiscountCents: isTiered(scheme)
      ? configured(lineAmountCents(scheme, count))
      : scale(variant.unitAmountCents),
    recurring: variant.recurring,
    ...(input.free ? { free: true } : {}),
    ...(fee > 0 ? { oneTimeFeeCents: fee } : {}),
    ...(trial > 0 ? { trialDays: trial } : {}),
  };
}
