import { createHash } from 'node:crypto';
import type { CheckoutRequest } from '@portal/domain/contracts/checkout-submit';
import { MESSAGES } from '@portal/domain/messages';
import type { CheckoutStatus } from '../../db/schema/checkouts';
import { ApiError } from '../../platform/errors';

/** The checkout's own refusals, in the {text, message} shape (designed texts; the documents name none). */
export const CheckoutErrors = {
  inProgress: () =>
    new ApiError(
      409,
      'CheckoutInProgress',
      'Your checkout is already being processed. Please wait a moment.',
    ),
  keyReused: () =>
    new ApiError(
      422,
      'IdempotencyKeyReused',
      'This checkout was already submitted with other details. Please reload the page and submit again.',
    ),
  totalChanged: () =>
    new ApiError(
      409,
      'TotalChanged',
      'The total of your order has changed. Please review it and submit again.',
    ),
  missingCard: () => new ApiError(400, 'MissingCard', MESSAGES.missingCardAndAccount),
  labRestricted: () => new ApiError(400, 'InvalidState', MESSAGES.labRestrictedState),
};

/** JSON with sorted keys, so equal bodies always have equal digests. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
export const digest = (value: unknown) => createHash('sha256').update(canonical(value)).digest('hex');

/** What is bought: a failed checkout may be retried with another address or card, never another purchase. */
export function purchaseOf(body: CheckoutRequest) {
  // Codes are matched without regard to case.
  const promo = body.promo_code?.toUpperCase() ?? null;
  if (body.kind === 'consultation')
    return { kind: body.kind, intake: body.intake, membership: body.membership ?? null, promo };
  return { kind: body.kind, items: body.items, promo };
}

/** The digests a stored checkout is compared by. */
export type CheckoutHashes = { requestHash: string; purchaseHash: string };

export function checkoutHashes(body: CheckoutRequest): CheckoutHashes {
  return { requestHash: digest(body), purchaseHash: digest(purchaseOf(body)) };
}

/**
 * What a stored checkout answers a request with its key, before anything runs: the same request of a
 * finished checkout gets its answer again ('replay'); a running one (its hold not run out) 409, or 422 for
 * another body; a failed, superseded or abandoned one continues ('resume') when the purchase is the same
 * (another address or card may be sent), 422 otherwise.
 */
export function judgeStored(
  row: { status: CheckoutStatus; requestHash: string; purchaseHash: string; lockedUntil: Date | null },
  hashes: CheckoutHashes,
  now: Date,
): 'replay' | 'resume' {
  if (row.status === 'completed') {
    if (row.requestHash !== hashes.requestHash) throw CheckoutErrors.keyReused();
    return 'replay';
  }
  if (row.status === 'in_progress' && row.lockedUntil && row.lockedUntil.getTime() > now.getTime()) {
    if (row.requestHash !== hashes.requestHash) throw CheckoutErrors.keyReused();
    throw CheckoutErrors.inProgress();
  }
  if (row.purchaseHash !== hashes.purchaseHash) throw CheckoutErrors.keyReused();
  return 'resume';
}
