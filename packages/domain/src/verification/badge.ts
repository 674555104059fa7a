import { VERIFY_LINK_MIN_WIDTH } from '../constants';

export { needsVerification, VERIFICATION_STATUSES, verificationStatusOf } from './status';

export type BadgeTone = 'warning' | 'danger' | 'info' | 'success';

export interface IdentityBadge {
  label: 'Not Verified' | 'Verification Rejected' | 'Verification Pending' | 'Verified Account';
  tone: BadgeTone;
  /** Whether the badge carries the 'Verify Now' link. */
  verifyNow: boolean;
}

/** The 'Verify Now' link text (001 §4 Verification). */
export const VERIFY_NOW_LABEL = 'Verify Now';

/** The identity badge for a status (001 §4 Verification); null for values with no badge. */
export function identityBadge(status: string): IdentityBadge | null {
  switch (status) {
    case 'not_started':
    case 'outdated':
      return { label: 'Not Verified', tone: 'warning', verifyNow: true };
    case 'rejected':
      return { label: 'Verification Rejected', tone: 'danger', verifyNow: false };
    case 'pending':
      return { label: 'Verification Pending', tone: 'info', verifyNow: false };
    case 'completed':
      return { label: 'Verified Account', tone: 'success', verifyNow: false };
    default:
      return null;
  }
}

/** 'Verify Now' leads to the verification flow only on screens 760 px wide or more (001 §2, §9). */
export function verifyNowWorks(viewportWidth: number): boolean {
  return viewportWidth >= VERIFY_LINK_MIN_WIDTH;
}

/** The entry of the verification flow (001 §2 Route table: the step verify_account is the entry). */
export function verifyAccountPath(userId: string): string {
  return `/verification/${encodeURIComponent(userId)}/verify_account`;
}
