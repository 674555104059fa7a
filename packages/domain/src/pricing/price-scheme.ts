import { formatUsd } from './money';
import { monthsText } from './plan-texts';

/**
 * The broader pricing fields of a priced product (002 §3), as Stripe's Price models them:
 * - `billing_scheme` `per_unit`: every unit costs `unit_amount`; `tiered`: the `tiers` set the amount by
 *   quantity, `volume` (every unit at the price of the tier the whole quantity falls in) or `graduated`
 *   (each unit at the price of the tier it falls in);
 * - `one_time_fee`: a setup fee charged with the first payment only, never on a renewal;
 * - `trial_period_days`: the first recurring charge comes that many days after the start.
 * Amounts are integer cents.
 */
export const BILLING_SCHEMES = ['per_unit', 'tiered'] as const;
export type BillingScheme = (typeof BILLING_SCHEMES)[number];
export const TIERS_MODES = ['volume', 'graduated'] as const;
export type TiersMode = (typeof TIERS_MODES)[number];

/** Longest trial a clinic may offer (two years), as Stripe caps trials at 730 days. */
export const MAX_TRIAL_DAYS = 730;
const DAY_MS = 86_400_000;

/** A tier: quantities up to `up_to` (inclusive; null: every quantity above the previous tier). */
export interface PriceTier {
  up_to: number | null;
  /** Per unit, in cents. */
  unit_amount: number;
  /** Added once for the tier (Stripe's flat_amount), in cents; 0 when absent. */
  flat_amount?: number | null;
}

/** The pricing fields a line amount depends on. */
export interface PriceScheme {
  unit_amount: number;
  billing_scheme?: BillingScheme | null;
  tiers?: readonly PriceTier[] | null;
  tiers_mode?: TiersMode | null;
}

const cents = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;

/** A quantity of at least 1 whole unit. */
const units = (quantity: number) => (Number.isFinite(quantity) ? Math.max(1, Math.floor(quantity)) : 1);

/** The tiers in ascending order of `up_to`, the open-ended one last. */
export function sortedTiers(tiers: readonly PriceTier[]): PriceTier[] {
  return [...tiers].sort(
    (a, b) => (a.up_to ?? Number.POSITIVE_INFINITY) - (b.up_to ?? Number.POSITIVE_INFINITY),
  );
}

/** Whether the scheme prices by tiers (tiered with at least one tier). */
export function isTiered(scheme: Pick<PriceScheme, 'billing_scheme' | 'tiers'>): boolean {
  return scheme.billing_scheme === 'tiered' && (scheme.tiers?.length ?? 0) > 0;
}

/** The tier a quantity falls in: the first whose `up_to` holds it, else the last. */
export function tierFor(tiers: readonly PriceTier[], quantity: number): PriceTier {
  const sorted = sortedTiers(tiers);
  const q = units(quantity);
  return sorted.find((t) => t.up_to === null || q <= t.up_to) ?? sorted[sorted.length - 1]!;
}

/**
 * The amount of `quantity` units for one period (or for the one-time purchase), in cents.
 * per_unit: unit_amount x quantity. tiered volume: every unit at the tier holding the whole quantity, plus
 * its flat amount. tiered graduated: each unit at the price of the tier it falls in, plus the flat amount
 * of every tier reached. Examples with tiers 1-2 at $30, 3-5 at $25, 6+ at $20: volume 4 units $100.00,
 * graduated 4 units 2 x $30 + 2 x $25 = $110.00.
 */
export function lineAmountCents(scheme: PriceScheme, quantity = 1): number {
  const q = units(quantity);
  if (!isTiered(scheme)) return cents(scheme.unit_amount) * q;
  const tiers = sortedTiers(scheme.tiers!);
  if (scheme.tiers_mode === 'graduated') {
    let total = 0;
    let from = 0;
    for (const tier of tiers) {
      if (from >= q) break;
      const to = tier.up_to === null ? q : Math.min(q, tier.up_to);
      if (to <= from) continue;
      total += (to - from) * cents(tier.unit_amount) + cents(tier.flat_amount);
      from = to;
    }
    // Quantities past a last tier that is not open-ended are priced at the last tier.
    if (from < q) total += (q - from) * cents(tiers[tiers.length - 1]!.unit_amount);
    return total;
  }
  const tier = tierFor(tiers, q);
  return q * cents(tier.unit_amount) + cents(tier.flat_amount);
}

/** The price of one unit at a quantity (what the panel shows per unit): the line amount / quantity, rounded. */
export function unitPriceAt(scheme: PriceScheme, quantity = 1): number {
  const q = units(quantity);
  return Math.round(lineAmountCents(scheme, q) / q);
}

/** "1–2 units: $30.00 each" per tier, for showing a tiered price; empty for per_unit. */
export function tierTexts(scheme: PriceScheme): string[] {
  if (!isTiered(scheme)) return [];
  const tiers = sortedTiers(scheme.tiers!);
  let from = 1;
  return tiers.map((tier) => {
    const range =
      tier.up_to === null
        ? `${from}+ units`
        : tier.up_to === from
          ? `${from} unit${from === 1 ? '' : 's'}`
          : `${from}–${tier.up_to} units`;
    const flat = cents(tier.flat_amount) > 0 ? ` + ${formatUsd(cents(tier.flat_amount))}` : '';
    from = (tier.up_to ?? from) + 1;
    return `${range}: ${formatUsd(cents(tier.unit_amount))} each${flat}`;
  });
}

/**
 * Why a tier list cannot be saved, or null when it can: at least one tier, whole non-negative cents, each
 * `up_to` a whole number above the previous one, and only the last open-ended (null).
 */
export function tiersProblem(tiers: readonly PriceTier[] | null | undefined): string | null {
  if (!tiers || tiers.length === 0) return 'A tiered price needs at least one tier.';
  let previous = 0;
  for (const [i, tier] of tiers.entries()) {
    const last = i === tiers.length - 1;
    for (const amount of [tier.unit_amount, tier.flat_amount ?? 0])
      if (!Number.isInteger(amount) || amount < 0) return 'Tier amounts are whole cents, 0 or more.';
    if (tier.up_to === null) {
      if (!last) return 'Only the last tier may be open-ended.';
      continue;
    }
    if (!Number.isInteger(tier.up_to) || tier.up_to <= previous)
      return 'Each tier must end above the previous one.';
    previous = tier.up_to;
  }
  if (tiers[tiers.length - 1]!.up_to !== null) return 'The last tier must be open-ended.';
  return null;
}

/** A one-time fee in whole cents (0 for none or a bad value). */
export function oneTimeFeeCents(fee: number | null | undefined): number {
  return cents(fee);
}

/** Trial days as a whole number between 0 and MAX_TRIAL_DAYS (0 for none or a bad value). */
export function trialDaysOf(days: number | null | undefined): number {
  if (typeof days !== 'number' || !Number.isFinite(days) || days <= 0) return 0;
  return Math.min(MAX_TRIAL_DAYS, Math.floor(days));
}

/** When a trial that starts at `start` ends, and so the first recurring charge is due: start + N days. */
export function trialEndsAt(start: Date, trialDays: number | null | undefined): Date {
  return new Date(start.getTime() + trialDaysOf(trialDays) * DAY_MS);
}

/** What a recurring line costs over time. */
export interface BillingSchedule {
  /** Due at the start: the one-time fee, plus the first period unless a trial defers it. */
  dueNow: number;
  /** The one-time fee, charged once with the first payment. */
  oneTimeFee: number;
  /** When the first period is charged: the start, or the trial's end. */
  firstChargeAt: Date;
  /** The amount of the first period charge (the period amount; after the trial when there is one). */
  firstPeriod: number;
  /** Every renewal: the period amount, never the fee. */
  renewal: number;
  trialDays: number;
}

/**
 * The billing schedule of a priced line started at `start` (Stripe's setup fee and trial): the fee is due
 * with the first payment only; a trial moves the first period's charge to start + trial days, so only the
 * fee is due now; every renewal charges the period amount alone. `firstPeriodCents` may carry a
 * first-period discount (a code); renewals use `periodCents`.
 */
export function billingSchedule(input: {
  start: Date;
  periodCents: number;
  firstPeriodCents?: number;
  oneTimeFee?: number | null;
  trialDays?: number | null;
}): BillingSchedule {
  const trialDays = trialDaysOf(input.trialDays);
  const oneTimeFee = oneTimeFeeCents(input.oneTimeFee);
  const firstPeriod = cents(input.firstPeriodCents ?? input.periodCents);
  return {
    dueNow: oneTimeFee + (trialDays > 0 ? 0 : firstPeriod),
    oneTimeFee,
    firstChargeAt: trialEndsAt(input.start, trialDays),
    firstPeriod,
    renewal: cents(input.periodCents),
    trialDays,
  };
}

/** "One-time fee": the label of the fee's own Summary row. */
export const ONE_TIME_FEE_LABEL = 'One-time fee';

/**
 * The trial's sentence under the Summary: "Free for 14 days, then $39.00 every 1 month" (the months as
 * 'Renews every N month(s)' writes them); "Free for 14 days, then $39.00" for a one-time plan.
 */
export function trialOfferText(trialDays: number, amountCents: number, months: number): string | null {
  const days = trialDaysOf(trialDays);
  if (days <= 0) return null;
  const then = `Free for ${days} day${days === 1 ? '' : 's'}, then ${formatUsd(amountCents)}`;
  return months > 0 ? `${then} every ${monthsText(months)}` : then;
}
