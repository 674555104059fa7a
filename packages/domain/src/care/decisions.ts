/**
 * A physician's decision on a submitted visit (issue 12 §4), as the state changes it makes. The API applies
 * them in one transaction; the workspace shows them before the physician confirms.
 */
import { z } from 'zod';
import type { SubscriptionStatus } from '../contracts/subscription';
import { isAwaitingReview, type QueueVisit } from './review-queue';

export const VISIT_DECISIONS = ['approve', 'deny', 'request_update'] as const;
export type VisitDecision = (typeof VISIT_DECISIONS)[number];

/** What the patient is asked for when a visit goes back to them. */
export const UPDATE_REASONS = ['photo', 'information'] as const;
export type UpdateReason = (typeof UPDATE_REASONS)[number];

/** The longest a prescription may run before it must be renewed (US prescriptions: one year). */
export const PRESCRIPTION_MAX_DAYS = 365;

export interface DecisionEffects {
  intake: { physician_review: boolean; closed: boolean; awaiting_patient_update: boolean };
  /** The status the visit's subscriptions move to from awaiting_physician_review. */
  subscription: SubscriptionStatus | null;
  /** The card held at checkout is charged for the first period. */
  charge: boolean;
  /** A fulfilment order goes to the pharmacy. */
  fulfilmentOrder: boolean;
  /** The patient's photos are flagged for a new upload (the ID/Profile Image Mismatch alert, 002 §4.11). */
  imageRequiresAttention: boolean;
}

/** The changes a decision makes. Asking for more keeps the subscription waiting for the review. */
export function decisionEffects(decision: VisitDecision, reason?: UpdateReason): DecisionEffects {
  switch (decision) {
    case 'approve':
      return {
        intake: { physician_review: true, closed: false, awaiting_patient_update: false },
        subscription: 'active',
        charge: true,
        fulfilmentOrder: true,
        imageRequiresAttention: false,
      };
    case 'deny':
      return {
        intake: { physician_review: true, closed: true, awaiting_patient_update: false },
        subscription: 'canceled',
        charge: false,
        fulfilmentOrder: false,
        imageRequiresAttention: false,
      };
    case 'request_update':
      return {
        intake: { physician_review: false, closed: false, awaiting_patient_update: true },
        subscription: null,
        charge: false,
        fulfilmentOrder: false,
        imageRequiresAttention: reason === 'photo',
      };
  }
}

/**
 * Why a decision cannot be made on this visit now, or null. A decided visit is never decided again (a
 * second click or a second physician gets this, and nothing is charged twice).
 */
export function decisionRefusal(
  visit: QueueVisit,
): 'VisitNotSubmitted' | 'VisitAlreadyDecided' | 'VisitAwaitingPatient' | null {
  if (isAwaitingReview(visit)) return null;
  if (!visit.patient_complete) return 'VisitNotSubmitted';
  if (visit.awaiting_patient_update && !visit.physician_review && !visit.closed)
    return 'VisitAwaitingPatient';
  return 'VisitAlreadyDecided';
}

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The prescription a physician writes when approving (issue 12 §4). `today` is the clinic's date (YYYY-MM-DD). */
export const prescriptionSchema = (today: string) =>
  z
    .object({
      medication: z.string().trim().min(1, 'Enter the medication.').max(120),
      strength: z.string().trim().min(1, 'Enter the strength.').max(60),
      instructions: z.string().trim().min(1, 'Enter the instructions for the patient.').max(2000),
      /** YYYY-MM-DD: read by the reschedule warning of 001 §9. */
      expires_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the expiry date.'),
    })
    .strict()
    .superRefine((p, ctx) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(p.expires_on)) return; // already named by the field's own check
      const expires = Date.parse(`${p.expires_on}T00:00:00Z`);
      const start = Date.parse(`${today}T00:00:00Z`);
      if (Number.isNaN(expires) || isoDay(new Date(expires)) !== p.expires_on) {
        ctx.addIssue({ code: 'custom', path: ['expires_on'], message: 'Enter the expiry date.' });
      } else if (expires <= start) {
        ctx.addIssue({
          code: 'custom',
          path: ['expires_on'],
          message: 'The expiry date must be in the future.',
        });
      } else if (expires > start + PRESCRIPTION_MAX_DAYS * DAY_MS) {
        ctx.addIssue({
          code: 'custom',
          path: ['expires_on'],
          message: 'A prescription can run for at most one year.',
        });
      }
    });
export type Prescription = z.infer<ReturnType<typeof prescriptionSchema>>;

/** The default expiry offered: one year from today, the longest allowed. */
export function defaultPrescriptionExpiry(today: string): string {
  return isoDay(new Date(Date.parse(`${today}T00:00:00Z`) + PRESCRIPTION_MAX_DAYS * DAY_MS));
}
