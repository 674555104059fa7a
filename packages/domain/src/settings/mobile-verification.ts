import { MESSAGES, mapServerMessage } from '../messages';

/** A code is valid this long after it was sent (designed; 002 §4.8 gives no figure). */
export const MOBILE_CODE_TTL_MINUTES = 10;
/** Wrong codes accepted for one sent code; the next try needs a new code. */
export const MOBILE_CODE_MAX_ATTEMPTS = 5;
/** Codes a patient may have sent per window. */
export const MOBILE_CODE_SENDS_PER_WINDOW = 5;
/** The send window, in seconds (one hour). */
export const MOBILE_CODE_SEND_WINDOW_SECONDS = 60 * 60;

/** The server texts (error `text` field) of the verification calls. */
export const VERIFICATION_ERROR_TEXT = {
  phone: 'PhoneNumberInvalid',
  codeIncorrect: 'VerificationCodeIncorrect',
  codeExpired: 'VerificationCodeExpired',
  codeAttempts: 'VerificationCodeAttempts',
} as const;

/** The error kinds of the verification panel (002 §4.8). */
export type VerificationErrorKind = 'None' | 'PhoneNum' | 'VerifCode' | 'GeneralErr';

/**
 * The kind of a failed verification call: a refused number is PhoneNum, a wrong, expired or exhausted code
 * VerifCode, anything else (network, rate limit, server) GeneralErr.
 */
export function verificationErrorKind(text: string | null | undefined): VerificationErrorKind {
  if (text === VERIFICATION_ERROR_TEXT.phone) return 'PhoneNum';
  if (
    text === VERIFICATION_ERROR_TEXT.codeIncorrect ||
    text === VERIFICATION_ERROR_TEXT.codeExpired ||
    text === VERIFICATION_ERROR_TEXT.codeAttempts
  )
    return 'VerifCode';
  return 'GeneralErr';
}

/** What the panel shows for an error: the catalogue message for the number and a wrong code, else the server's. */
export function verificationErrorMessage(kind: VerificationErrorKind, serverMessage?: string | null): string {
  switch (kind) {
    case 'None':
      return '';
    case 'PhoneNum':
      return MESSAGES.phoneInvalid;
    case 'VerifCode':
      return serverMessage ? mapServerMessage(serverMessage) : MESSAGES.verificationCodeIncorrect;
    case 'GeneralErr':
      return mapServerMessage(serverMessage);
  }
}

/** What dismissing an error clears (002 §4.8): the digits for a code error, the number for a number error. */
export function clearedOnDismiss(kind: VerificationErrorKind): 'code' | 'number' | null {
  if (kind === 'VerifCode') return 'code';
  if (kind === 'PhoneNum') return 'number';
  return null;
}

/** Mobile verification is offered when the organization enables it and the patient is not yet verified. */
export function offersMobileVerification(
  settings: { verification?: { has_mobile_verification?: boolean } | null } | null | undefined,
  user: { mobile_verified?: boolean | null } | null | undefined,
): boolean {
  return settings?.verification?.has_mobile_verification === true && user?.mobile_verified !== true;
}
