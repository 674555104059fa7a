import { EMAIL_MIN, NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN } from '../constants';
import { ENTRY_MESSAGES } from '../entry-messages';
import { titleCase } from '../format/text';

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
function loginPasswordError(password: string): string | undefined {
  if (password.length === 0) return ENTRY_MESSAGES.passwordRequired;
  if (password.length < PASSWORD_MIN) return ENTRY_MESSAGES.passwordTooShort;
  return undefined;
}

/** Message for a new password: empty, shorter than 6 or longer than 50 characters, or undefined. */
function newPasswordError(password: string): string | undefined {
  const base = loginPasswordError(password);
  if (base) return base;
  if (password.length > PASSWORD_MAX) return ENTRY_MESSAGES.passwordTooLong;
  return undefined;
}

/** True when the trimmed name is 2 to 35 characters long. */
function isValidName(name: string): boolean {
  const length = name.trim().length;
  return length >= NAME_MIN && length <= NAME_MAX;
}

/** Validates the login form (000 §5). */
export function validateLoginForm(v: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  const errors: FieldErrors<'email' | 'password'> = {};
  if (!isValidEmail(v.email)) errors.email = ENTRY_MESSAGES.emailInvalid;
  const password = loginPasswordError(v.password);
  if (password) errors.password = password;
  return errors;
}

/** Validates the signup form (000 §5). */
export function validateSignupForm(v: {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  terms: boolean;
}): FieldErrors<'first_name' | 'last_name' | 'email' | 'password' | 'terms'> {
  const errors: FieldErrors<'first_name' | 'last_name' | 'email' | 'password' | 'terms'> = {};
  if (!isValidName(v.first_name)) errors.first_name = ENTRY_MESSAGES.firstNameRequired;
  if (!isValidName(v.last_name)) errors.last_name = ENTRY_MESSAGES.lastNameRequired;
  if (!isValidEmail(v.email)) errors.email = ENTRY_MESSAGES.emailInvalid;
  const password = newPasswordError(v.password);
  if (password) errors.password = password;
  if (v.terms !== true) errors.terms = ENTRY_MESSAGES.termsRequired;
  return errors;
}

/** Returns a copy with first and last names trimmed and title-cased and the e-mail trimmed and lowercased. */
export function normalizeSignup<T extends { first_name: string; last_name: string; email: string }>(v: T): T {
  return {
    ...v,
    first_name: titleCase(v.first_name),
    last_name: titleCase(v.last_name),
    email: normalizeEmail(v.email),
  };
}

/** Validates the password reset request form (000 §5). */
export function validateResetRequestForm(v: { email: string }): FieldErrors<'email'> {
  return isValidEmail(v.email) ? {} : { email: ENTRY_MESSAGES.emailInvalid };
}

/** Validates the new-password form (000 §5): password rules plus a matching confirmation of at least 6 characters. */
export function validateNewPasswordForm(v: {
  password: string;
  confirm: string;
}): FieldErrors<'password' | 'confirm'> {
  const errors: FieldErrors<'password' | 'confirm'> = {};
  const password = newPasswordError(v.password);
  if (password) errors.password = password;
  if (v.confirm.length < PASSWORD_MIN || v.confirm !== v.password)
    errors.confirm = ENTRY_MESSAGES.passwordsMustMatch;
  return errors;
}
