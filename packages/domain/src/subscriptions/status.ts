import type { SubscriptionStatus } from '../contracts/subscription';
import { MONTH_ABBREVIATIONS } from '../format/month-names';
import { titleCase } from '../format/text';

/** Statuses shown under another name (001 §4 "Subscription statuses and labels"); the rest are title-cased. */
const LABELS: Partial<Record<SubscriptionStatus, string>> = {
  awaiting_physician_review: 'Awaiting Physician Review',
  incomplete_expired: 'Expired',
  past_due: 'Failed Payment',
  paused_by_reschedule: 'Rescheduled',
};

/** The patient-facing label of a status: 'Failed Payment' for past_due, 'Prescription Requested'... */
export function subscriptionStatusLabel(status: SubscriptionStatus): string {
  return LABELS[status] ?? titleCase(status.replaceAll('_', ' '));
}

/** The minimum a subscription must carry for the rules of this file. */
export type SubscriptionLike = {
  status: SubscriptionStatus;
  type: string;
  /** The payment provider's subscription id; null until billing started. */
  subscription_id: string | null;
  /** Unix seconds. */
  reschedule_date: number | null;
};

/** The billing provider's view, when it was fetched. */
export type BillingLike = { pause_collection: unknown | null } | null | undefined;

export const CONTACT_TEAM_NOTE =
  'There is an issue with this subscription. Please contact our team so we can help you resolve it.';

/**
 * The note shown under a subscription (001 §4), or null. `formatDate` renders the reschedule date (unix
 * seconds), so the web and mail can use their own format.
 */
export function subscriptionNote(
  sub: Pick<SubscriptionLike, 'status' | 'reschedule_date'>,
  formatDate: (unixSeconds: number) => string,
): string | null {
  switch (sub.status) {
    case 'awaiting_physician_review':
      return 'Your visit is in review by a physician. You will be notified once it has been reviewed.';
    case 'incomplete':
    case 'incomplete_expired':
    case 'past_due':
    case 'unpaid':
      return CONTACT_TEAM_NOTE;
    case 'paused':
      return 'Your subscription is paused, you can resume at anytime.';
    case 'prescription_requested':
      return 'A physician is reviewing your chart, which typically takes 1-2 business days. They may not be able to adjust your subscription.';
    case 'rescheduled':
    case 'paused_by_reschedule':
      return sub.reschedule_date === null
        ? null
        : `Your subscription is set to reschedule on ${formatDate(sub.reschedule_date)}.`;
    default:
      return null;
  }
}

/** The statuses of a protocol the patient has paused (paused_by_reschedule shows as Rescheduled, 001 §4). */
const PAUSED_PROTOCOL: ReadonlySet<SubscriptionStatus> = new Set(['paused', 'paused_by_reschedule']);

/** What the protocol label reads of a subscription: its kind, status and the templates of its plans. */
export type ProtocolLike = {
  type: string;
  status: SubscriptionStatus;
  product_plans: readonly { product_template: { protocol?: boolean | undefined } | null }[];
};

/**
 * The label of the main protocol (001 §4): 'Current Protocol' while active, 'Paused' while paused. Only a
 * medication subscription of one of the clinic's protocols (a template its catalogue shows as a protocol card)
 * carries it: an add-on treatment (NAD+, metformin...) is not the patient's protocol. A protocol in any other
 * state (rescheduled, failed payment, prescription requested, in review, canceled) gets no label: its status
 * badge says where it stands, and 'Paused' beside a Pause button or a failed payment would be untrue.
 */
export function protocolLabel(sub: ProtocolLike): 'Current Protocol' | 'Paused' | null {
  if (sub.type !== 'medication' || !sub.product_plans.some((p) => p.product_template?.protocol === true))
    return null;
  if (sub.status === 'active') return 'Current Protocol';
  return PAUSED_PROTOCOL.has(sub.status) ? 'Paused' : null;
}

export type SubscriptionActions = {
  resume: boolean;
  reschedule: boolean;
  pause: boolean;
  messageUs: boolean;
  cancel: boolean;
  /** Request a prescription change (RaiseDosage, LowerDosage, Other). */
  protocolChange: boolean;
};

/**
 * The actions a subscription offers (001 §4 "Actions by status"). `billing` is the provider's record
 * (null when not fetched or not started): Resume needs its pause collection, Reschedule needs it to exist.
 */
export function subscriptionActions(sub: SubscriptionLike, billing: BillingLike): SubscriptionActions {
  const s = sub.status;
  return {
    resume: s === 'paused' && !!billing && billing.pause_collection != null,
    reschedule:
      !!billing &&
      sub.type !== 'coaching_membership' &&
      (s === 'active' || s === 'rescheduled' || s === 'paused_by_reschedule'),
    pause: s === 'active' || s === 'trialing' || s === 'rescheduled',
    messageUs: s === 'trialing' || s === 'past_due' || s === 'unpaid' || s === 'prescription_requested',
    cancel: s !== 'canceled' && s !== 'prescription_requested' && s !== 'past_due',
    protocolChange: s === 'active' && sub.type === 'medication',
  };
}

/** Statuses of the Active filter (001 §4). */
export const ACTIVE_FILTER_STATUSES: readonly SubscriptionStatus[] = [
  'active',
  'rescheduled',
  'prescription_requested',
  'past_due',
  'paused_by_reschedule',
];

/** Filter tabs of the Subscriptions page; Active is the default (001 §2). */
export const SUBSCRIPTION_TABS = [
  { id: 'all', label: 'Show All' },
  { id: 'active', label: 'Active' },
  { id: 'paused', label: 'Paused' },
  { id: 'canceled', label: 'Canceled' },
] as const;
export type SubscriptionTab = (typeof SUBSCRIPTION_TABS)[number]['id'];
export const DEFAULT_SUBSCRIPTION_TAB: SubscriptionTab = 'active';

export function inSubscriptionTab(status: SubscriptionStatus, tab: SubscriptionTab): boolean {
  switch (tab) {
    case 'all':
      return true;
    case 'active':
      return ACTIVE_FILTER_STATUSES.includes(status);
    case 'paused':
      return status === 'paused';
    case 'canceled':
      return status === 'canceled';
  }
}

/** 'There's no {status} subscriptions.' for an empty filter (001 §2); {status} is the tab in lower case. */
export function emptyTabText(tab: Exclude<SubscriptionTab, 'all'>): string {
  return `There's no ${tab} subscriptions.`;
}

/** A day of the month with its English ordinal suffix: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st... ('Do'). */
export function ordinal(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][day % 10] ?? 'th');
  return `${day}${suffix}`;
}

/** A billing date as 'MMM Do, YYYY' ('Mar 29th, 2027'), on its UTC calendar day like the reschedule window. */
export function formatBillingDate(date: Date | number): string {
  const d = new Date(date);
  return `${MONTH_ABBREVIATIONS[d.getUTCMonth()]} ${ordinal(d.getUTCDate())}, ${d.getUTCFullYear()}`;
}
