import { PASSWORD_MAX, SETTINGS_PASSWORD_MIN, VERIFICATION_CODE_LENGTH } from '../constants';
import { isValidUsNumber, nationalNumber } from '../format/phone';
import { MESSAGES } from '../messages';
import { type FieldErrors, isValidEmail } from './auth';
import { isIncompletePhone } from './shipping';

/** Validates the settings e-mail form (001 §5). */
export function validateEmailForm(v: { email: string }): FieldErrors<'email'> {
  if (v.email.trim() === '') return { email: MESSAGES.formEmailRequired };
  return isValidEmail(v.email) ? {} : { email: MESSAGES.settingsEmailInvalid };
}

/** True when the password has at least 8 characters with an uppercase letter, a lowercase letter and a digit. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= SETTINGS_PASSWORD_MIN &&
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password) &&
    /\d/.test(password)
  );
}

/** Validates the settings password change form (001 §5); passwords are not trimmed. */
export function validatePasswordChangeForm(v: {
  current_password: string;
  new_password: string;
  confirm_password: string;
}): FieldErrors<'current_password' | 'new_password' | 'confirm_password'> {
  const errors: FieldErrors<'current_password' | 'new_password' | 'confirm_password'> = {};
  if (v.current_password === '') errors.current_password = MESSAGES.currentPasswordRequired;
  if (v.new_password === '') errors.new_password = MESSAGES.newPasswordRequired;
  else if (v.new_password.length > PASSWORD_MAX) errors.new_password = MESSAGES.passwordTooLong;
  else if (!isStrongPassword(v.new_password)) errors.new_password = MESSAGES.newPasswordWeak;
  else if (v.new_password === v.current_password) errors.new_password = MESSAGES.newPasswordSameAsCurrent;
  if (v.confirm_password !== v.new_password) errors.confirm_password = MESSAGES.newPasswordsMustMatch;
  return errors;
}

/** Validates the settings home state form (001 §5). */
export function validateHomeStateForm(v: { state: string | null | undefined }): FieldErrors<'state'> {
  return v.state && v.state.trim() !== '' ? {} : { state: MESSAGES.homeStateRequired };
}

/** Message for a mobile number (002 §5): 2 characters or fewer gives the invalid message, a number that is not a valid US number the incorrect message. */
export function validateMobileNumber(value: string | null | undefined): string | undefined {
  const input = (value ?? '').trim();
  if (input.length <= 2) return MESSAGES.phoneInvalid;
  if (!isValidUsNumber(input)) return MESSAGES.phoneIncorrect;
  return undefined;
}

/**
 * Message for the settings mobile number (001 §5: required, masked, at least 14 characters, a valid US
 * number): 'Mobile number is required', 'The mobile phone must be filled out completely', then 002 §5's
 * incorrect-number message. The verification panel keeps 002 §5's own order (see validateMobileNumber).
 */
export function validateSettingsMobileNumber(value: string | null | undefined): string | undefined {
  const input = (value ?? '').trim();
  if (nationalNumber(input) === '') return MESSAGES.formMobileRequired;
  if (isIncompletePhone(input)) return MESSAGES.formMobileIncomplete;
  if (!isValidUsNumber(input)) return MESSAGES.phoneIncorrect;
  return undefined;
}

/** Validates the settings mobile number form (001 §5). */
export function validateMobileNumberForm(v: { mobile_number: string }): FieldErrors<'mobile_number'> {
  const error = validateSettingsMobileNumber(v.mobile_number);
  return error ? { mobile_number: error } : {};
}

/** True when the mobile number may be submitted: valid, and changed unless the saved number is not yet verified. */
export function canSubmitMobileNumber(v: {
  mobile_number: string;
  current?: string | null;
  verified?: boolean | null;
}): boolean {
  if (validateSettingsMobileNumber(v.mobile_number)) return false;
  const changed = nationalNumber(v.mobile_number) !== nationalNumber(v.current ?? '');
  return changed || v.verified !== true;
}

/** Message for a verification code that is not exactly 5 digits, or undefined. */
export function validateVerificationCode(code: string): string | undefined {
  return new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`).test(code)
    ? undefined
    : MESSAGES.verificationCodeRequired;
}

/** The pasted text as a code when it is exactly 5 digits (surrounding spaces ignored), otherwise null. */
export function parsePastedVerificationCode(text: string): string | null {
  const value = text.trim();
  return new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`).test(value) ? value : null;
}
