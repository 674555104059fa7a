import { maskPhoneInput } from './mask';

/** Digits of the input with a leading US country code (1, from +1 or 1 followed by ten digits) removed. */
export function nationalNumber(input: string): string {
  const digits = input.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** Applies the mask (###) ###-#### to typed input (up to ten national digits; a leading 1 of an 11-digit entry is dropped). */
export function maskPhone(input: string): string {
  return maskPhoneInput(input);
}

/** True when the input is a valid 10-digit NANP number (area code and exchange start with 2-9), with or without +1. */
export function isValidUsNumber(input: string): boolean {
  if (/[^\d\s()+.-]/.test(input)) return false;
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(nationalNumber(input));
}

/** Formats a valid US number as (###) ###-####, or returns null. */
export function formatUsNumber(input: string): string | null {
  return isValidUsNumber(input) ? maskPhone(input) : null;
}
