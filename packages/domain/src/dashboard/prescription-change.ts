import { z } from 'zod';
import { Id } from '../contracts/common';

/** Prescription change request types (001 §3), in the order the customize view offers them. */
export const PRESCRIPTION_CHANGE_TYPES = ['RaiseDosage', 'LowerDosage', 'Other'] as const;
export type PrescriptionChangeType = (typeof PRESCRIPTION_CHANGE_TYPES)[number];

/** The customize view starts on Other (001 §2). */
export const DEFAULT_PRESCRIPTION_CHANGE: PrescriptionChangeType = 'Other';

export const PRESCRIPTION_CHANGE_LABELS: Record<PrescriptionChangeType, string> = {
  RaiseDosage: 'Raise my dosage',
  LowerDosage: 'Lower my dosage',
  Other: 'Other',
};

/** Longest details text a patient may send with a request. */
export const PRESCRIPTION_CHANGE_COMMENT_MAX = 2000;

const RequestType = z.enum(PRESCRIPTION_CHANGE_TYPES, {
  message: 'Choose Raise my dosage, Lower my dosage or Other.',
});
const Comment = z.string().trim().max(PRESCRIPTION_CHANGE_COMMENT_MAX);

/**
 * POST /v2/subscriptions/{id}/request-prescription-change (001 §7): body requestType and comment; the other
 * reading (subscriptionId, reqType, modDetails) is accepted as well. A subscriptionId must name the
 * subscription of the path.
 */
export const PrescriptionChangeBody = z
  .object({
    requestType: RequestType.optional(),
    comment: Comment.nullable().optional(),
    subscriptionId: Id.optional(),
    reqType: RequestType.optional(),
    modDetails: Comment.nullable().optional(),
  })
  .strict()
  .refine((b) => Boolean(b.requestType ?? b.reqType), {
    message: 'Choose Raise my dosage, Lower my dosage or Other.',
    path: ['requestType'],
  })
  .refine((b) => !(b.requestType && b.reqType && b.requestType !== b.reqType), {
    message: 'requestType and reqType disagree.',
    path: ['reqType'],
  });
export type PrescriptionChangeBody = z.input<typeof PrescriptionChangeBody>;

/** The body in one reading: the request type and the details (empty details are none). */
export function readPrescriptionChange(body: z.output<typeof PrescriptionChangeBody>): {
  requestType: PrescriptionChangeType;
  comment: string | null;
} {
  const comment = body.comment ?? body.modDetails ?? '';
  return { requestType: (body.requestType ?? body.reqType)!, comment: comment === '' ? null : comment };
}

/** The notification the patient receives once a request is recorded (category subscription). */
export function prescriptionChangeNotice(subscriptionName: string): string {
  return `We received your request to change your ${subscriptionName} protocol. Your physician will review your chart, typically within 1-2 business days.`;
}

/**
 * A customize request may be sent only with a subscription and an action chosen (001 §5 "An action must be
 * chosen"); otherwise the panel shows its error and stays.
 */
export function canSubmitPrescriptionChange(
  subscriptionId: string | null | undefined,
  action: PrescriptionChangeType | null | undefined,
): boolean {
  return Boolean(subscriptionId) && action !== null && action !== undefined;
}
