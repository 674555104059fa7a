/**
 * The physician review queue (issue 12 §2): visits submitted by the patient and not yet decided, oldest
 * first, each measured against the clinic's review target ("physician review typically 12-48 hours",
 * 001 §9).
 */
import { isLicensedFor, type StaffRole } from './staff-roles';

/** 001 §9: physician review typically takes 12 to 48 hours. */
export const REVIEW_TARGET_HOURS = { typical: 12, limit: 48 } as const;

/**
 * The queue counts its visits up to this many and then says "1,000+": an exact figure past a thousand
 * changes nothing for the team, and counting every waiting visit on each refresh is what made a busy
 * clinic's queue slow (issue 12 bench: 10,000 waiting, p95 137 ms, of which the count was 18 ms a request).
 */
export const QUEUE_COUNT_CAP = 1000;

/** "1 visit waiting", "12 visits waiting", "1,000+ visits waiting". */
export function queueCountLabel(total: number, capped: boolean): string {
  if (capped) return `${QUEUE_COUNT_CAP.toLocaleString('en-US')}+ visits waiting`;
  return `${total.toLocaleString('en-US')} ${total === 1 ? 'visit' : 'visits'} waiting`;
}

const HOUR_MS = 3_600_000;

/** What the queue reads of a visit. */
export interface QueueVisit {
  id: string;
  /** When the patient submitted the visit (ISO 8601). */
  submitted_at: string;
  /** The patient's state of residence (two letters), null when unknown. */
  patient_state: string | null;
  /** Product template ids of the products requested. */
  product_templates: readonly string[];
  patient_complete: boolean;
  physician_review: boolean;
  closed: boolean;
  /** Sent back to the patient for more (a new photo, an answer): out of the queue until they reply. */
  awaiting_patient_update: boolean;
}

export type WaitStatus = 'on_track' | 'due_soon' | 'over_target';

/** Whole hours the visit has waited, never negative (a clock running behind the submission's). */
export function hoursWaiting(submittedAt: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - Date.parse(submittedAt)) / HOUR_MS));
}

/** The time by which the clinic aims to have decided. */
export function reviewDueAt(submittedAt: string): Date {
  return new Date(Date.parse(submittedAt) + REVIEW_TARGET_HOURS.limit * HOUR_MS);
}

/** Within the typical time, past it but within the limit, or over the limit. */
export function waitStatus(submittedAt: string, now: Date): WaitStatus {
  const waited = now.getTime() - Date.parse(submittedAt);
  if (waited >= REVIEW_TARGET_HOURS.limit * HOUR_MS) return 'over_target';
  if (waited >= REVIEW_TARGET_HOURS.typical * HOUR_MS) return 'due_soon';
  return 'on_track';
}

/** "45 min", "5 h", "2 d 3 h": how long a visit has waited, short enough for a queue row. */
export function formatWaiting(submittedAt: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(submittedAt)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest === 0 ? `${days} d` : `${days} d ${rest} h`;
}

/** Submitted, not decided, not closed, and not waiting for the patient. */
export function isAwaitingReview(visit: QueueVisit): boolean {
  return visit.patient_complete && !visit.physician_review && !visit.closed && !visit.awaiting_patient_update;
}

export interface QueueFilter {
  state?: string | undefined;
  product?: string | undefined;
  overTarget?: boolean | undefined;
}

export interface QueueViewer {
  role: StaffRole;
  /** The physician's licensed states; ignored for other roles. */
  licensedStates: readonly string[];
}

/**
 * The queue a staff member sees: awaiting review, for a physician only patients in states they are
 * licensed in, narrowed by the filters, oldest first (ties by id, so the order never flickers).
 */
export function reviewQueue<T extends QueueVisit>(
  visits: readonly T[],
  viewer: QueueViewer,
  filter: QueueFilter,
  now: Date,
): T[] {
  return visits
    .filter(isAwaitingReview)
    .filter((v) => viewer.role !== 'physician' || isLicensedFor(viewer.licensedStates, v.patient_state))
    .filter((v) => !filter.state || v.patient_state === filter.state)
    .filter((v) => !filter.product || v.product_templates.includes(filter.product))
    .filter((v) => !filter.overTarget || waitStatus(v.submitted_at, now) === 'over_target')
    .sort((a, b) => Date.parse(a.submitted_at) - Date.parse(b.submitted_at) || a.id.localeCompare(b.id));
}
