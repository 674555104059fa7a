import { BIRTHDAY_MASK, PHONE_MASK } from '../constants';

/** The placeholder of a digit in a mask pattern; every other character of the pattern is a literal. */
const DIGIT = '#';

/** How many digit slots a mask pattern has. */
export function maskCapacity(pattern: string): number {
  return [...pattern].filter((c) => c === DIGIT).length;
}

/**
 * Lays digits into a mask pattern ('(###) ###-####', '##-##-####'): non-digits of the input are dropped,
 * digits beyond the pattern's slots too, and a literal is written only when a digit follows it, so that
 * deleting the last digit also deletes the separator before it.
 */
export function applyMask(pattern: string, input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, maskCapacity(pattern));
  let out = '';
  let pending = '';
  let next = 0;
  for (const char of pattern) {
    if (next >= digits.length) break;
    if (char === DIGIT) {
      out += pending + digits[next];
      pending = '';
      next += 1;
    } else {
      pending += char;
    }
  }
  return out;
}

/**
 * The masked value after an edit of the input from `previous` to `next`. When the edit removed only
 * separators (a backspace on the ')' or '-' of '(555) 123-4567'), re-masking would put them straight back
 * and the key would seem dead; the digit before the removed separator goes instead.
 */
export function maskEdit(pattern: string, previous: string, next: string): string {
  const digitsBefore = previous.replace(/\D/g, '');
  const digitsAfter = next.replace(/\D/g, '');
  if (next.length < previous.length && digitsAfter === digitsBefore && digitsBefore.length > 0) {
    let start = 0;
    while (start < next.length && next[start] === previous[start]) start += 1;
    const digitsLeft = previous.slice(0, start).replace(/\D/g, '').length;
    const kept = digitsBefore.slice(0, Math.max(0, digitsLeft - 1)) + digitsBefore.slice(digitsLeft);
    return applyMask(pattern, kept);
  }
  return applyMask(pattern, next);
}

/** A phone entry laid into PHONE_MASK '(###) ###-####'; a pasted '+1 (555) 123-4567' keeps its ten digits. */
export function maskPhoneInput(input: string, previous = ''): string {
  const digits = input.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) return applyMask(PHONE_MASK, digits.slice(1));
  return maskEdit(PHONE_MASK, previous, input);
}

/** A birthday entry laid into BIRTHDAY_MASK '##-##-####' (DATE_FORMAT MM-DD-YYYY). */
export function maskBirthdayInput(input: string, previous = ''): string {
  return maskEdit(BIRTHDAY_MASK, previous, input);
}
