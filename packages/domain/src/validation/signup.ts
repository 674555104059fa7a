import { NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN } from '../constants';
import { titleCase } from '../format/text';
import { MESSAGES } from '../messages';
import { type FieldErrors, isValidEmail, loginPasswordError, normalizeEmail } from './auth';

// The signup and new-password forms' rules (000 §5), apart from the login form's (auth.ts): the login
// screen loads without them.

/** Message for a new password: empty, shorter than 6 or longer than 50 characters, or undefined. */
function newPasswordError(password: string): string | undefined {
  const base = loginPasswordError(password);
  if (base) return base;
  if (password.length > PASSWORD_MAX) return MESSAGES.passwordTooLong;
  return undefined;
}

/** True when the trimmed name is 2 to 35 characters long. */
function isValidName(name: string): boolean {
  const length = name.trim().length;
  return length >= NAME_MIN && length <= NAME_MAX;
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
  if (!isValidName(v.first_name)) errors.first_name = MESSAGES.firstNameRequired;
  if (!isValidName(v.last_name)) errors.last_name = MESSAGES.lastNameRequired;
  if (!isValidEmail(v.email)) errors.email = MESSAGES.emailInvalid;
  const password = newPasswordError(v.password);
  if (password) errors.password = password;
  if (v.terms !== true) errors.terms = MESSAGES.termsRequired;
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

/** Validates the new-password form (000 §5): password rules plus a matching confirmation of at least 6 characters. */
export function validateNewPasswordForm(v: {
  password: string;
  confirm: string;
}): FieldErrors<'password' | 'confirm'> {
  const errors: FieldErrors<'password' | 'confirm'> = {};
  const password = newPasswordError(v.password);
  if (password) errors.password = password;
  if (v.confirm.length < PASSWORD_MIN || v.confirm !== v.password)
    errors.confirm = MESSAGES.passwordsMustMatch;
  return errors;
}
