import { EMAIL_MIN, PASSWORD_MIN } from '../constants';
import { ENTRY_MESSAGES } from '../entry-messages';

/** Field name -> message for each invalid field; an empty object means the form is valid. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

/** Trims and lowercases an e-mail address. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** True when the (trimmed) e-mail is present, at least 4 characters long and has a sane e-mail shape. */
export function isValidEmail(email: string): boolean {
  const value = email.trim();
  if (value.length < EMAIL_MIN) return false;
  if (value.length > 254) return false;
  if (!EMAIL_PATTERN.test(value)) return false;
  const local = value.slice(0, value.lastIndexOf('@'));
  return local.length <= 64 && !local.startsWith('.') && !local.endsWith('.') && !local.includes('..');
}

/** Message for a password that is empty or shorter than 6 characters (not trimmed), or undefined. */
export function loginPasswordError(password: string): string | undefined {
  if (password.length === 0) return ENTRY_MESSAGES.passwordRequired;
  if (password.length < PASSWORD_MIN) return ENTRY_MESSAGES.passwordTooShort;
  return undefined;
}

/** Validates the login form (000 §5). */
export function validateLoginForm(v: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {};
  if (!isValidEmail(v.email)) errors.email = ENTRY_MESSAGES.emailInvalid;
  const password = loginPasswordError(v.password);
  if (password) errors.password = password;
  return errors;
}

/** Validates the password reset request form (000 §5). */
export function validateResetRequestForm(v: { email: string }): FieldErrors<'email'> {
  return isValidEmail(v.email) ? {} : { email: ENTRY_MESSAGES.emailInvalid };
}
