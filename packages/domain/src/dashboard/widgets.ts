import { INCOMPLETE_VISITS_MAX_CARDS } from '../constants';

/**
 * The dashboard widgets (001 §2 Dashboard) in the order the grid shows them. Each has its own visibility
 * rule below; the page composes them with {@link visibleWidgets}.
 */
export const DASHBOARD_WIDGETS = [
  'coaching',
  'welcome-video',
  'alerts',
  'incomplete-visits',
  'labs',
  'labs-shop',
  'rapamycin-intake',
  'customize-protocol',
  'community',
  'message-us',
] as const;
export type DashboardWidget = (typeof DASHBOARD_WIDGETS)[number];

/** The fields of a subscription the widget rules read (001 §3 Subscription). */
export interface WidgetSubscription {
  _id: string;
  status: string;
  type: string;
  name: string;
  product_plans: readonly { product_template: { _id: string; name?: string } | null }[];
  coaching_info?: { appointment_end_time?: string | null; appointment_link?: string | null } | null;
}

/** Subscriptions that have ended: nothing the dashboard offers applies to them any more. */
const ENDED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

/**
 * The subscriptions that count as the patient "having" a product: any not ended. A subscription awaiting
 * physician review or paused is still the patient's (they should not be offered to start it again).
 */
export function isCurrentSubscription(subscription: Pick<WidgetSubscription, 'status'>): boolean {
  return !ENDED_STATUSES.has(subscription.status);
}

// ── Coaching ──────────────────────────────────────────────────────────────────────────────

/** The coaching membership the Coaching widget is about: the newest current one, or null (then no widget). */
export function coachingSubscription<T extends WidgetSubscription>(subscriptions: readonly T[]): T | null {
  return subscriptions.find((s) => s.type === 'coaching_membership' && isCurrentSubscription(s)) ?? null;
}

/** The fields of an appointment the coaching rule reads (001 §3 Appointment). */
export interface WidgetAppointment {
  event: { start_time: string; end_time: string; canceled: boolean; location: string | null };
  event_type: { kind: string };
}

/**
 * The coaching session that makes the widget say Join Room (001 §4 Coaching): a coaching appointment, not
 * cancelled, whose end time is still in the future; the earliest of them when several are booked.
 */
export function upcomingCoachingAppointment<T extends WidgetAppointment>(
  appointments: readonly T[],
  now: Date,
): T | null {
  const upcoming = appointments
    .filter(
      (a) =>
        a.event_type.kind === 'coaching' && !a.event.canceled && Date.parse(a.event.end_time) > now.getTime(),
    )
    .sort((a, b) => Date.parse(a.event.start_time) - Date.parse(b.event.start_time));
  return upcoming[0] ?? null;
}

/** An absolute http(s) address with a host and no spaces or markup characters. */
const WEB_ADDRESS = /^https?:\/\/[^\s/?#<>"'`]+(?:[/?#][^\s<>"'`]*)?$/i;

/** A web address safe to open from the portal (http or https, e.g. never javascript:), else null. */
export function externalUrl(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed && WEB_ADDRESS.test(trimmed) ? trimmed : null;
}

export type CoachingAction =
  | { kind: 'schedule'; path: string }
  | { kind: 'join'; link: string | null; startTime: string };

/**
 * What the Coaching widget's button does: Join Room (opens the meeting link) while a coaching session is
 * scheduled, i.e. its end time is in the future; otherwise Schedule Now to /schedule-coaching/{id}. The link
 * is the appointment's location, else the membership's coaching_info link.
 */
export function coachingAction(
  subscription: WidgetSubscription,
  appointments: readonly WidgetAppointment[],
  now: Date,
): CoachingAction {
  const upcoming = upcomingCoachingAppointment(appointments, now);
  if (upcoming) {
    return {
      kind: 'join',
      link: externalUrl(upcoming.event.location) ?? externalUrl(subscription.coaching_info?.appointment_link),
      startTime: upcoming.event.start_time,
    };
  }
  return { kind: 'schedule', path: `/schedule-coaching/${encodeURIComponent(subscription._id)}` };
}

// ── Alerts ─────────────────────────────────────────────────────────────────────────────────

/** Identity statuses that push the patient to verify (001 §2 Alerts widget, §6). */
export const IDENTITY_ALERT_STATUSES: ReadonlySet<string> = new Set(['not_started', 'outdated', 'rejected']);

export type AccountAlert = 'mobile' | 'identity';

/** The alerts of the Alerts widget, mobile first (001 §2): the widget shows only when there is one. */
export function accountAlerts(user: {
  mobile_verified: boolean;
  verificationStatus: string;
}): AccountAlert[] {
  const alerts: AccountAlert[] = [];
  if (user.mobile_verified === false) alerts.push('mobile');
  if (IDENTITY_ALERT_STATUSES.has(user.verificationStatus)) alerts.push('identity');
  return alerts;
}

// ── Incomplete visits ──────────────────────────────────────────────────────────────────────

/** At most two visits as cards (001 §9), the rest behind "View all" in the side panel. */
export function splitIncompleteVisits<T>(
  visits: readonly T[],
  max: number = INCOMPLETE_VISITS_MAX_CARDS,
): { cards: T[]; more: T[] } {
  return { cards: visits.slice(0, max), more: visits.slice(max) };
}

// ── Labs ───────────────────────────────────────────────────────────────────────────────────

/** The fields of an order the Labs rule reads (002 §3 Order). */
export interface WidgetOrder {
  _id: string;
  product_type: string;
  status: string;
  created_at: string;
}

/** A lab order that has gone to the lab and is not back: the patient already has a lab ordered. */
const LAB_IN_PROGRESS: ReadonlySet<string> = new Set(['submitted', 'paid']);

/**
 * The lab order the Labs widget starts (001 §2): shown when no lab is ordered (none submitted or paid and
 * not yet fulfilled), an approved intake exists (physician_review) and a created lab order exists; the
 * newest created one. Null hides the widget.
 */
export function labOrderToStart<T extends WidgetOrder>(
  orders: readonly T[],
  intakes: readonly { physician_review: boolean }[],
): T | null {
  const labs = orders.filter((o) => o.product_type === 'lab');
  if (labs.some((o) => LAB_IN_PROGRESS.has(o.status))) return null;
  if (!intakes.some((i) => i.physician_review)) return null;
  const created = labs
    .filter((o) => o.status === 'created')
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  return created[0] ?? null;
}

// ── Rapamycin intake ───────────────────────────────────────────────────────────────────────

/** A subscription is to rapamycin when a plan's template is one of the rapamycin templates or is named so. */
export function isRapamycinSubscription(
  subscription: WidgetSubscription,
  rapamycinTemplateIds: ReadonlySet<string>,
): boolean {
  return subscription.product_plans.some((plan) => {
    const template = plan.product_template;
    if (!template) return false;
    return rapamycinTemplateIds.has(template._id) || /rapamycin/i.test(template.name ?? '');
  });
}

/**
 * The Rapamycin intake widget (001 §2) shows when there is a rapamycin visit to start and the patient has
 * neither a current rapamycin subscription nor a visit in review (starting another would duplicate it).
 */
export function showRapamycinIntake(input: {
  canStart: boolean;
  subscriptions: readonly WidgetSubscription[];
  rapamycinTemplateIds: ReadonlySet<string>;
  visitsInReview: number;
}): boolean {
  if (!input.canStart || input.visitsInReview > 0) return false;
  return !input.subscriptions.some(
    (s) => isCurrentSubscription(s) && isRapamycinSubscription(s, input.rapamycinTemplateIds),
  );
}

// ── Customize protocol ─────────────────────────────────────────────────────────────────────

/** Protocol change requests apply only to active medication subscriptions (001 §4). */
export function isCustomizable(subscription: Pick<WidgetSubscription, 'status' | 'type'>): boolean {
  return subscription.type === 'medication' && subscription.status === 'active';
}

/** The default list of the Customize Protocol panel; the widget shows when it is not empty. */
export function customizableSubscriptions<T extends WidgetSubscription>(subscriptions: readonly T[]): T[] {
  return subscriptions.filter(isCustomizable);
}

// ── Grid ───────────────────────────────────────────────────────────────────────────────────

export interface WidgetFacts {
  coaching: boolean;
  alerts: number;
  incompleteVisits: number;
  labs: boolean;
  rapamycinIntake: boolean;
  customizable: number;
  communityUrl: string | null;
}

/** Every widget's visibility rule applied, in grid order. Welcome video, labs shop and message us always show. */
export function visibleWidgets(facts: WidgetFacts): DashboardWidget[] {
  const rules: Record<DashboardWidget, boolean> = {
    coaching: facts.coaching,
    'welcome-video': true,
    alerts: facts.alerts > 0,
    'incomplete-visits': facts.incompleteVisits > 0,
    labs: facts.labs,
    'labs-shop': true,
    'rapamycin-intake': facts.rapamycinIntake,
    'customize-protocol': facts.customizable > 0,
    community: externalUrl(facts.communityUrl) !== null,
    'message-us': true,
  };
  return DASHBOARD_WIDGETS.filter((w) => rules[w]);
}

/**
 * In the two-column grid an odd number of widgets would leave a hole at the end: the last one spans both
 * columns instead (001 §2 "treats an odd number of visible widgets specially").
 */
export function spansBothColumns(index: number, count: number): boolean {
  return count % 2 === 1 && index === count - 1;
}
