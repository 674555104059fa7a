/**
 * Subscription billing with the payment provider (001 §3 "Billing-provider subscription details"). The
 * portal keeps a mirror of each subscription's billing state (periods, pause collection) on its row; the
 * provider is asked to change it and answers the new state, which the caller stores.
 */

export type PauseCollection = {
  behavior: 'void' | 'keep_as_draft' | 'mark_uncollectible';
  /** ISO time; null: paused until resumed. */
  resumes_at?: string | null;
};

export type BillingStatus =
  | 'active'
  | 'trialing'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'paused'
  | 'incomplete'
  | 'incomplete_expired';

/** The provider's subscription as the portal reads it. */
export type BillingSubscription = {
  id: string;
  status: BillingStatus;
  current_period_start: Date;
  current_period_end: Date;
  pause_collection: PauseCollection | null;
  /** The provider's id of the latest invoice. */
  latest_invoice: string | null;
};

/** An invoice the provider issued for a period, in cents. */
export type BillingInvoice = {
  id: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  amount_due: number;
  amount_paid: number;
  currency: string;
  period_start: Date;
  period_end: Date;
  paid_at: Date | null;
};

/** What the portal knows of a started subscription; the sandbox takes it as its own state. */
export type SubscriptionSnapshot = {
  /** The provider's subscription id. */
  id: string;
  /** The provider's customer of the patient; null when the patient has no billing profile. */
  customerId: string | null;
  /** The patient has a default card on file (the portal's record; the sandbox charges by it). */
  hasDefaultCard: boolean;
  status: BillingStatus;
  current_period_start: Date | null;
  current_period_end: Date | null;
  pause_collection: PauseCollection | null;
  durationMonths: number;
  /** Cents billed per period. */
  amount: number;
  /**
   * Percent off the first period only (a discount code the patient used at checkout, as its total showed);
   * renewals bill the full amount. Read by `start`.
   */
  firstPeriodPercentOff?: number | undefined;
  /** A setup fee (002 §3 one_time_fee) billed with the first invoice only, never renewed. Read by `start`. */
  oneTimeFee?: number | undefined;
  /**
   * The end of a trial (002 §3 trial_period_days): `start` begins the subscription trialing until then and
   * bills the first period at that date (the first invoice holds only the fee). Read by `start`.
   */
  trialEnd?: Date | null | undefined;
  currency: string;
  description: string;
};

export interface SubscriptionBilling {
  /**
   * Starts billing a subscription a physician approved (issue 12 §4): the first period begins at `at` and is
   * invoiced and charged at once to the default card held at checkout. The idempotency key makes a retried
   * or doubled approval start one subscription and charge once. `sub.id` is ignored (none exists yet).
   */
  start(
    sub: SubscriptionSnapshot,
    opts: { at: Date; idempotencyKey: string },
  ): Promise<{ subscription: BillingSubscription; invoice: BillingInvoice }>;
  retrieve(sub: SubscriptionSnapshot): Promise<BillingSubscription>;
  /** Stops collecting payments (pause_collection void); periods keep running. */
  pause(sub: SubscriptionSnapshot, now: Date): Promise<BillingSubscription>;
  /**
   * Collects again. `now`: bill a new period from today (the order ships today) and answer its invoice;
   * otherwise billing resumes at the next period end.
   */
  resume(
    sub: SubscriptionSnapshot,
    opts: { now: boolean; at: Date; idempotencyKey: string },
  ): Promise<{ subscription: BillingSubscription; invoice: BillingInvoice | null }>;
  cancel(sub: SubscriptionSnapshot, now: Date): Promise<BillingSubscription>;
  /** Moves the next billing date: the current period (a trial on Stripe) ends on `date`, unbilled. */
  reschedule(sub: SubscriptionSnapshot, date: Date, now: Date): Promise<BillingSubscription>;
}

/** `months` calendar months after an instant, in UTC; a day missing in the target month becomes its last day. */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** Rolls a period forward until it contains `now`, as a provider's periods keep running during a pause. */
export function periodContaining(
  start: Date,
  end: Date,
  durationMonths: number,
  now: Date,
): { start: Date; end: Date } {
  let s = start;
  let e = end;
  for (let i = 0; i < 600 && e.getTime() <= now.getTime(); i++) {
    s = e;
    e = addMonths(e, Math.max(1, durationMonths));
  }
  return { start: s, end: e };
}
