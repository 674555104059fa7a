import { oneTimeFeeCents } from './price-scheme';

/** A subscription's product plan as billing reads it (the stored product_plans entry), amounts in cents. */
export interface BilledPlan {
  /** The price's amount per period at purchase. */
  unit_amount: number;
  /** A tiered price's amount for the quantity bought; billed instead of unit_amount when present. */
  period_amount?: number | null;
  /** The setup fee (002 §3 one_time_fee). */
  one_time_fee?: number | null;
  /** When the fee was paid; absent while it is due with the first period. */
  one_time_fee_paid_at?: string | null;
  /** ISO instant the plan's trial ends. */
  trial_ends_at?: string | null;
}

/** What one period of a plan costs: its tiered amount when it has one, else its unit amount. */
export function planPeriodCents(plan: BilledPlan): number {
  const amount = plan.period_amount ?? plan.unit_amount;
  return Number.isFinite(amount) && amount > 0 ? Math.round(amount) : 0;
}

/** What a renewal bills: every plan's period amount. A one-time fee is never billed again. */
export function renewalAmountCents(plans: readonly BilledPlan[]): number {
  return plans.reduce((sum, plan) => sum + planPeriodCents(plan), 0);
}

/**
 * How a subscription's billing starts at `at` (Stripe's setup fee and trial): the period amount; the fees
 * still unpaid, billed once with the first invoice; and the end of a trial still running at `at`, until
 * which the period amount is not charged (the first invoice then holds the fees alone).
 */
export function billingStart(
  plans: readonly BilledPlan[],
  at: Date,
): { amount: number; oneTimeFee: number; trialEnd: Date | null } {
  const oneTimeFee = plans.reduce(
    (sum, plan) => sum + (plan.one_time_fee_paid_at ? 0 : oneTimeFeeCents(plan.one_time_fee)),
    0,
  );
  const ends = plans
    .map((plan) => (plan.trial_ends_at ? new Date(plan.trial_ends_at) : null))
    .filter((d): d is Date => d !== null && Number.isFinite(d.getTime()) && d.getTime() > at.getTime())
    .sort((a, b) => b.getTime() - a.getTime());
  return { amount: renewalAmountCents(plans), oneTimeFee, trialEnd: ends[0] ?? null };
}
