import type { CardBrand } from '@portal/domain/contracts/billing';
import { MESSAGES } from '@portal/domain/messages';

/** True when the digits pass the Luhn (mod 10) check. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

type BrandRule = { brand: CardBrand; lengths: number[]; cvc: number; matches: (n: string) => boolean };

const prefixIn = (n: string, digits: number, from: number, to: number) => {
  const p = Number(n.slice(0, digits));
  return n.length >= digits && p >= from && p <= to;
};

/** The accepted brands (001 §2) by number prefix and length. */
const BRANDS: BrandRule[] = [
  { brand: 'American Express', lengths: [15], cvc: 4, matches: (n) => /^3[47]/.test(n) },
  { brand: 'Visa', lengths: [13, 16, 19], cvc: 3, matches: (n) => n.startsWith('4') },
  {
    brand: 'MasterCard',
    lengths: [16],
    cvc: 3,
    matches: (n) => prefixIn(n, 2, 51, 55) || prefixIn(n, 4, 2221, 2720),
  },
  {
    brand: 'Discover',
    lengths: [16, 17, 18, 19],
    cvc: 3,
    matches: (n) =>
      n.startsWith('6011') ||
      n.startsWith('65') ||
      prefixIn(n, 3, 644, 649) ||
      prefixIn(n, 6, 622126, 622925),
  },
];

/** The brand of a card number by its prefix, or undefined for a brand that is not accepted. */
export function cardBrand(digits: string): CardBrand | undefined {
  return BRANDS.find((b) => b.matches(digits))?.brand;
}

/** What the sandbox does with a card when it is attached, as Stripe's test cards do. */
export type CardOutcome =
  | 'succeeded'
  | 'card_declined'
  | 'insufficient_funds'
  | 'lost_card'
  | 'stolen_card'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'processing_error';

/** Stripe's test numbers that fail when attached; every other valid number succeeds. */
export const TEST_CARD_OUTCOMES: Readonly<Record<string, CardOutcome>> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000009987': 'lost_card',
  '4000000000009979': 'stolen_card',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
};

/**
 * Refusals the patient can fix with the same card (funds, expiry, CVC, a passing processing fault) are 402
 * with their message; a card the bank will not take at all (declined, lost, stolen) is 400 and the web says
 * 'Invalid Credit Card' (000 §8 Payment).
 */
export function isRecoverableRefusal(outcome: Exclude<CardOutcome, 'succeeded'>): boolean {
  return outcome !== 'card_declined' && outcome !== 'lost_card' && outcome !== 'stolen_card';
}

/** The 402 message of a refused card. */
export function declineMessage(outcome: Exclude<CardOutcome, 'succeeded'>): string {
  switch (outcome) {
    case 'insufficient_funds':
      return MESSAGES.cardInsufficientFunds;
    case 'expired_card':
      return MESSAGES.cardExpired;
    case 'incorrect_cvc':
      return MESSAGES.cardCvcIncorrect;
    case 'processing_error':
      return MESSAGES.cardProcessingError;
    default:
      return MESSAGES.cardDeclined;
  }
}

export type CardInput = { number: string; exp_month: number; exp_year: number; cvc: string };

export type CheckedCard =
  | {
      ok: true;
      brand: CardBrand;
      last4: string;
      exp_month: number;
      exp_year: number;
      outcome: CardOutcome;
    }
  | { ok: false; message: string };

/**
 * Checks a card as a provider's browser library does before tokenising: number (digits, length,
 * Luhn, accepted brand), expiry (month 1-12, a two-digit year is 20xx, not in the past) and CVC
 * (3 digits, 4 for American Express). Only the brand, last four digits and expiry leave this function.
 */
export function checkCard(input: CardInput, now: Date = new Date()): CheckedCard {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
    return { ok: false, message: MESSAGES.cardNumberInvalid };
  const brand = BRANDS.find((b) => b.matches(digits));
  if (!brand) return { ok: false, message: MESSAGES.cardBrandNotAccepted };
  if (!brand.lengths.includes(digits.length)) return { ok: false, message: MESSAGES.cardNumberInvalid };

  const month = input.exp_month;
  const year = input.exp_year < 100 ? 2000 + input.exp_year : input.exp_year;
  if (!Number.isInteger(month) || month < 1 || month > 12 || year < 2000 || year > 2099) {
    return { ok: false, message: MESSAGES.cardExpiryInvalid };
  }
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (year < thisYear || (year === thisYear && month < thisMonth)) {
    return { ok: false, message: MESSAGES.cardExpiryPast };
  }
  if (year > thisYear + 50) return { ok: false, message: MESSAGES.cardExpiryInvalid };

  if (!new RegExp(`^\\d{${brand.cvc}}$`).test(input.cvc.trim())) {
    return { ok: false, message: MESSAGES.cardCvcInvalid };
  }
  return {
    ok: true,
    brand: brand.brand,
    last4: digits.slice(-4),
    exp_month: month,
    exp_year: year,
    outcome: TEST_CARD_OUTCOMES[digits] ?? 'succeeded',
  };
}
