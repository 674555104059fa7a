import type { WaitStatus } from '@portal/domain/care/review-queue';
import { identityBadge } from '@portal/domain/verification/badge';

export type Tone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

/** The queue's badge against the review target of 001 §9 (12 to 48 hours). */
export const WAIT_BADGES: Readonly<Record<WaitStatus, { label: string; tone: Tone }>> = {
  on_track: { label: 'On track', tone: 'success' },
  due_soon: { label: 'Due soon', tone: 'warning' },
  over_target: { label: 'Over target (48 h)', tone: 'danger' },
};

/** The identity badge of 001 §4 as staff see it; an unknown status shows as it is stored. */
export function identityLabel(status: string): { label: string; tone: Tone } {
  const badge = identityBadge(status);
  return badge ? { label: badge.label, tone: badge.tone } : { label: status || 'Unknown', tone: 'neutral' };
}

/** "Jane Doe", or a placeholder for a record with no name yet. */
export function personName(person: { first_name: string; last_name: string }): string {
  return [person.first_name, person.last_name].filter(Boolean).join(' ') || 'Unnamed patient';
}

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

export function formatDateTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : DATE_TIME.format(at);
}

/** A calendar date (YYYY-MM-DD) as written, never shifted by the viewer's time zone. */
export function formatDay(day: string): string {
  const at = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? day : DATE.format(at);
}

/** Cents as dollars. */
export function formatMoney(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** The visit's place in the review, in words. */
export function visitStage(visit: {
  patient_complete: boolean;
  physician_review: boolean;
  closed: boolean;
  awaiting_patient_update: Record<string, unknown>;
}): { label: string; tone: Tone } {
  if (visit.physician_review && visit.closed) return { label: 'Denied', tone: 'danger' };
  if (visit.physician_review) return { label: 'Approved', tone: 'success' };
  if (visit.closed) return { label: 'Closed', tone: 'neutral' };
  if (awaitingPatient(visit)) return { label: 'Waiting for the patient', tone: 'warning' };
  if (visit.patient_complete) return { label: 'Awaiting review', tone: 'info' };
  return { label: 'Not submitted', tone: 'neutral' };
}

/** The visit was sent back to the patient and they have not answered yet. */
export function awaitingPatient(visit: { awaiting_patient_update: Record<string, unknown> }): boolean {
  return visit.awaiting_patient_update?.is_awaiting === true;
}

/** A visit a decision can be made on now. */
export function awaitsReview(visit: {
  patient_complete: boolean;
  physician_review: boolean;
  closed: boolean;
  awaiting_patient_update: Record<string, unknown>;
}): boolean {
  return visit.patient_complete && !visit.physician_review && !visit.closed && !awaitingPatient(visit);
}
