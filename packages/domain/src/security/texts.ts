/**
 * The texts of account security (002 §7.7 names the call, its contents are not shown): two-factor sign-in
 * with an authenticator app, recovery codes, and the account's signed-in sessions.
 */
export const SECURITY_TEXTS = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  codeIncorrect: 'That code is not correct or has already been used. Please try again.',
  codeFormat: 'Enter the 6-digit code, or a recovery code.',
  notStarted: 'Start setting up two-factor sign-in first.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is off.',
  passwordIncorrect: 'The password is not correct.',
  enabledSubject: 'Two-factor sign-in is on',
  disabledSubject: 'Two-factor sign-in is off',
} as const;

/** Number of single-use recovery codes given when two-factor sign-in is turned on (or the codes renewed). */
export const RECOVERY_CODE_COUNT = 10;

/** A 6-digit authenticator code, spaces allowed ("123 456"). */
export const TOTP_CODE = /^\d{3} ?\d{3}$/;

/** A recovery code as shown: two groups of five letters and digits ("k7p2q-9xw4m"), any case, dash optional. */
export const RECOVERY_CODE = /^[a-z0-9]{5}-?[a-z0-9]{5}$/i;

/** The code as the server checks it: digits only for a TOTP code; lowercase, no dash for a recovery code. */
export function normalizeSecondFactor(input: string): { kind: 'totp' | 'recovery'; value: string } | null {
  const trimmed = input.trim();
  if (TOTP_CODE.test(trimmed)) return { kind: 'totp', value: trimmed.replace(' ', '') };
  if (RECOVERY_CODE.test(trimmed)) return { kind: 'recovery', value: trimmed.replace('-', '').toLowerCase() };
  return null;
}
