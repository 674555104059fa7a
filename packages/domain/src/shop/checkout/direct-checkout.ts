import type { SubscriptionStatus } from '../../contracts/subscription';
import type { CheckoutTotals } from '../../pricing/checkout-totals';
import { defaultPlanProduct, type PlanProduct, sortByIntervalCount } from '../../pricing/plan-default';
import { renewsEveryText } from '../../pricing/plan-texts';
import {
  oneTimeFeeCents,
  type PriceTier,
  type TiersMode,
  tierFor,
  trialDaysOf,
} from '../../pricing/price-scheme';

/** A priced product as the direct checkout panel reads it (002 §3 Product pricing). */
export interface DirectCheckoutProduct extends PlanProduct {
  _id: string;
  pricing: PlanProduct['pricing'] & {
    type: 'one_time' | 'recurring';
    unit_amount: number;
    /** Charged once with the first payment, on top of the plan (cents). */
    one_time_fee?: number | null;
    /** per_unit: unit_amount per unit; tiered: the tier the quantity falls in sets the unit amount. */
    billing_scheme?: 'per_unit' | 'tiered' | null;
    tiers?: readonly PriceTier[] | null;
    /** How tiers price a quantity: volume (all units at one tier) or graduated (each unit at its tier). */
    tiers_mode?: TiersMode | null;
    /** Billing starts this many days after the purchase. */
    trial_period_days?: number | null;
  };
}

export type { PriceTier };

/**
 * The plans the panel offers (002 §2.7, §4.4), shortest first. In one-time-only mode (a patient who already
 * subscribes and chose 'One Time Purchase') only the one-time plan is offered, so it is fixed.
 */
export function offeredPlans<T extends DirectCheckoutProduct>(
  products: readonly T[],
  oneTimeOnly: boolean,
): T[] {
  const sorted = sortByIntervalCount(products);
  return oneTimeOnly ? sorted.filter((p) => p.pricing.type === 'one_time') : sorted;
}

/** The Plan section shows only when a recurring plan is on offer (002 §2.7). */
export function showsPlanSection(plans: readonly DirectCheckoutProduct[]): boolean {
  return plans.some((p) => p.pricing.type === 'recurring');
}

/** Whether the template can also be bought once (the 'One Time Purchase' button, 000 §2 item 11). */
export function hasOneTimeOption(products: readonly DirectCheckoutProduct[]): boolean {
  return products.some((p) => p.pricing.type === 'one_time');
}

/**
 * The preselected plan (002 §4.4): the stored default duration matching a plan's interval_count, else the
 * plan flagged default (the highlighted one), else the first. In one-time-only mode the one-time plan.
 */
export function preselectedPlan<T extends DirectCheckoutProduct>(
  products: readonly T[],
  options: { storedDuration?: string | number | null; oneTimeOnly?: boolean } = {},
): T | undefined {
  return defaultPlanProduct(offeredPlans(products, options.oneTimeOnly ?? false), options.storedDuration);
}

/** The unit amount for a quantity: a tiered price takes the first tier that holds it (002 §3 billing_scheme). */
export function unitAmountFor(pricing: DirectCheckoutProduct['pricing'], quantity = 1): number {
  if (pricing.billing_scheme !== 'tiered' || !pricing.tiers?.length) return pricing.unit_amount;
  return tierFor(pricing.tiers, quantity).unit_amount;
}

/** The panel's Summary: the checkout's totals with the one-time fee and the trial (cents). */
export interface DirectCheckoutSummary {
  subTotal: number;
  savings: number;
  specialDiscount: number;
  /** Charged once, with the first payment; 0 when the plan has none. */
  oneTimeFee: number;
  /** 'Total Due Now': the totals' figure plus the one-time fee; the plan's own amount is 0 during a trial. */
  totalDueNow: number;
  /** Days before billing starts; 0 without a trial. */
  trialDays: number;
}

/**
 * What the panel shows for a plan: the server's and page's shared `checkoutTotals`, with the plan's pricing
 * fields (002 §3): a one-time fee is due now once (charged once, not on renewals), and a trial defers the
 * plan's own amount, so only the fee is due now while Sub-Total, Savings and Special Discount still describe
 * the plan. Totals whose lines already carry the fee and the trial (`variantLine` of a variant with them,
 * as the server prices it) are taken as they are; totals of a plan priced without them get them added.
 */
export function directCheckoutSummary(
  totals: Pick<CheckoutTotals, 'subTotal' | 'savings' | 'specialDiscount' | 'totalDueNow'> &
    Partial<Pick<CheckoutTotals, 'oneTimeFees' | 'lines'>>,
  pricing: DirectCheckoutProduct['pricing'],
): DirectCheckoutSummary {
  const carriedFee = totals.oneTimeFees ?? 0;
  const carriedTrial = (totals.lines ?? []).some((l) => l.trialDays > 0);
  const oneTimeFee = Math.max(carriedFee, oneTimeFeeCents(pricing.one_time_fee));
  const trialDays =
    pricing.type === 'recurring'
      ? Math.max(trialDaysOf(pricing.trial_period_days), ...(totals.lines ?? []).map((l) => l.trialDays))
      : 0;
  const planDue = totals.totalDueNow - carriedFee;
  return {
    subTotal: totals.subTotal,
    savings: totals.savings,
    specialDiscount: totals.specialDiscount,
    oneTimeFee,
    totalDueNow: (trialDays > 0 && !carriedTrial ? 0 : planDue) + oneTimeFee,
    trialDays,
  };
}

/** 'Renews every N month(s)' for a recurring plan; null for a one-time one (002 §2.7). */
export function renewalText(plan: Pick<DirectCheckoutProduct, 'pricing'>): string | null {
  return plan.pricing.type === 'recurring' && plan.pricing.interval_count > 0
    ? renewsEveryText(plan.pricing.interval_count)
    : null;
}

/** 'Billing starts after your N-day free trial.' for a plan with a trial; null without. */
export function trialText(trialDays: number): string | null {
  if (trialDays <= 0) return null;
  return `Billing starts after your ${trialDays}-day free trial.`;
}

/**
 * The refusal of a shop checkout whose recurring plan the patient already subscribes to (409), and the title
 * of the panel the shop then shows (000 §2 item 11).
 */
export const SUBSCRIPTION_ALREADY_EXISTS = {
  text: 'SubscriptionAlreadyExists',
  title: 'Subscription Already Exists',
  message: 'You already have a subscription to this product.',
} as const;

/** Subscriptions that no longer hold the patient's plan: a new one may be bought. */
const ENDED: ReadonlySet<SubscriptionStatus> = new Set(['canceled', 'incomplete_expired']);

/** Whether the patient already subscribes to the template (the 'Subscription Already Exists' panel, 000 §2 item 11). */
export function subscribesTo(
  subscriptions: readonly {
    status: SubscriptionStatus;
    /** The template's id, or the template itself as the subscriptions list embeds it. */
    product_plans: readonly { product_template: string | { _id: string } | null }[];
  }[],
  templateId: string,
): boolean {
  const idOf = (t: string | { _id: string } | null) => (typeof t === 'string' ? t : (t?._id ?? null));
  return subscriptions.some(
    (s) => !ENDED.has(s.status) && s.product_plans.some((p) => idOf(p.product_template) === templateId),
  );
}

export type AlreadySubscribedAction = 'one-time' | 'manage' | 'modify' | 'close';

/**
 * The buttons of the 'Subscription Already Exists' panel (000 §2 item 11), in order: One Time Purchase only for
 * a lab or supplement with a one-time option, Manage Subscription, Modify Treatment only for a medication, Close.
 */
export function alreadySubscribedActions(
  templateType: string,
  oneTimeOption: boolean,
): AlreadySubscribedAction[] {
  return [
    ...((templateType === 'lab' || templateType === 'supplement') && oneTimeOption
      ? (['one-time'] as const)
      : []),
    'manage',
    ...(templateType === 'medication' ? (['modify'] as const) : []),
    'close',
  ];
}

/** Where a lab purchase goes (002 §4.4): the labs app with labs2 (its panel when known), else the order's instructions. */
export function labDestination(input: { labs2: boolean; panelId?: string | null; orderId: string }): string {
  if (input.labs2) return input.panelId ? `/labs/${encodeURIComponent(input.panelId)}` : '/labs';
  return `/lab-instructions/${encodeURIComponent(input.orderId)}`;
}
