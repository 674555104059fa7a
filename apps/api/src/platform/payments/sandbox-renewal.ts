import type { SubscriptionStatus } from '@portal/domain/contracts/subscription';
import { addMonths, type PauseCollection } from './subscription-billing';

/** A sandbox subscription as the renewal job sees it. */
export type RenewableSubscription = {
  status: SubscriptionStatus;
  durationMonths: number;
  /** Cents per period. */
  amount: number;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  pauseCollection: PauseCollection | null;
  rescheduleDate: Date | null;
  /** A one-time discount on the next renewal (the retention offer), in percent; 0 for none. */
  nextRenewalPercentOff: number;
};

export type RenewalInvoice = {
  periodStart: Date;
  periodEnd: Date;
  amountDue: number;
  amountPaid: number;
  status: 'paid' | 'open';
};

export type Advanced = {
  status: SubscriptionStatus;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  rescheduleDate: Date | null;
  /** One per period billed, oldest first. */
  invoices: RenewalInvoice[];
  /** The retention discount went into an invoice and is spent. */
  discountUsed: boolean;
  /** A past-due subscription renewed with a card on file: its earlier open invoices are paid with it. */
  settleOpenInvoices: boolean;
};

/** Statuses whose periods run on; the others (awaiting review, canceled, expired...) stay still. */
const RUNNING: ReadonlySet<SubscriptionStatus> = new Set([
  'active',
  'trialing',
  'rescheduled',
  'paused_by_reschedule',
  'past_due',
  'paused',
]);

/** Enough periods to catch up years of downtime without looping forever on bad data. */
const MAX_PERIODS = 120;

/**
 * Rolls a sandbox subscription forward to `now`, as Stripe would have: each period that ended is
 * followed by the next one (duration months later) and billed, paid with a card on file, otherwise left
 * open and the subscription past due. A paused subscription's periods run on unbilled (Stripe voids those
 * invoices; nothing is owed, so none is kept). A reschedule ends the current period on the chosen date,
 * so the renewal after it bills from that date and the subscription is active again. A past-due
 * subscription is retried at its next renewal, not the moment a card appears.
 */
export function advance(sub: RenewableSubscription, now: Date, hasCard: boolean): Advanced {
  const result: Advanced = {
    status: sub.status,
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    rescheduleDate: sub.rescheduleDate,
    invoices: [],
    discountUsed: false,
    settleOpenInvoices: false,
  };
  if (!RUNNING.has(sub.status) || !sub.currentPeriodEnd) return result;

  const paused = sub.status === 'paused' && sub.pauseCollection !== null;
  const months = Math.max(1, sub.durationMonths);
  let end = sub.currentPeriodEnd;
  let start = sub.currentPeriodStart ?? end;
  for (let i = 0; i < MAX_PERIODS && end.getTime() <= now.getTime(); i++) {
    start = end;
    end = addMonths(start, months);
    if (paused) continue;
    let amount = sub.amount;
    if (!result.discountUsed && sub.nextRenewalPercentOff > 0) {
      amount = Math.round((sub.amount * (100 - sub.nextRenewalPercentOff)) / 100);
      result.discountUsed = true;
    }
    result.invoices.push({
      periodStart: start,
      periodEnd: end,
      amountDue: amount,
      amountPaid: hasCard ? amount : 0,
      status: hasCard ? 'paid' : 'open',
    });
    result.status = hasCard ? 'active' : 'past_due';
    result.rescheduleDate = null;
    // Like a retry on the renewal date: the card that pays this period pays what was left open.
    if (hasCard && sub.status === 'past_due') result.settleOpenInvoices = true;
  }
  result.currentPeriodStart = start;
  result.currentPeriodEnd = end;
  return result;
}
