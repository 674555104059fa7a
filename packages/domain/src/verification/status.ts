// The statuses' rules, apart from the badges (badge.ts): the signed-in guard reads them on every first load,
// the badges only the screens that draw them.

/** Identity verification statuses the portal acts on (001 §3 User.verificationStatus); others exist. */
export const VERIFICATION_STATUSES = ['not_started', 'outdated', 'rejected', 'pending', 'completed'] as const;

/** Statuses that push the patient to verify (001 §2 Verification badge and alert, §6). */
const NEEDS_VERIFICATION: ReadonlySet<string> = new Set(['not_started', 'outdated', 'rejected']);

/** The record carries the status under two spellings (001 §3); the camelCase one wins when both are set. */
export function verificationStatusOf(user: {
  verificationStatus?: string | null;
  verification_status?: string | null;
}): string {
  return user.verificationStatus || user.verification_status || '';
}

export function needsVerification(status: string): boolean {
  return NEEDS_VERIFICATION.has(status);
}
