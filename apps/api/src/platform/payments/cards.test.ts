import { MESSAGES } from '@portal/domain/messages';
import { describe, expect, it } from 'vitest';
import { cardBrand, checkCard, luhnValid } from './cards';

const NOW = new Date('2026-03-15T12:00:00Z');
const card = (number: string, extra: Partial<{ exp_month: number; exp_year: number; cvc: string }> = {}) =>
  checkCard({ number, exp_month: 12, exp_year: 2030, cvc: '123', ...extra }, NOW);

describe('luhnValid', () => {
  it('accepts the test numbers and refuses a changed digit', () => {
    for (const n of ['4242424242424242', '4000000000000002', '4000000000009995', '378282246310005']) {
      expect(luhnValid(n), n).toBe(true);
    }
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242424242a2')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });
});

describe('cardBrand', () => {
  it('names the accepted brands by prefix', () => {
    expect(cardBrand('4242424242424242')).toBe('Visa');
    expect(cardBrand('5555555555554444')).toBe('MasterCard');
    expect(cardBrand('2223003122003222')).toBe('MasterCard');
    expect(cardBrand('378282246310005')).toBe('American Express');
    expect(cardBrand('371449635398431')).toBe('American Express');
    expect(cardBrand('6011111111111117')).toBe('Discover');
    expect(cardBrand('6500000000000002')).toBe('Discover');
    expect(cardBrand('3056930009020004')).toBeUndefined(); // Diners Club: not accepted
    expect(cardBrand('3566002020360505')).toBeUndefined(); // JCB: not accepted
  });
});

describe('checkCard', () => {
  it('keeps only brand, last four digits, expiry and the test outcome', () => {
    const checked = card('4242 4242 4242 4242');
    expect(checked).toEqual({
      ok: true,
      brand: 'Visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2030,
      outcome: 'succeeded',
    });
    expect(JSON.stringify(checked)).not.toContain('42424242');
  });

  it("gives Stripe's test outcomes", () => {
    expect(card('4000000000000002')).toMatchObject({ ok: true, outcome: 'card_declined' });
    expect(card('4000-0000-0000-9995')).toMatchObject({ ok: true, outcome: 'insufficient_funds' });
    expect(card('5555555555554444')).toMatchObject({ ok: true, brand: 'MasterCard', outcome: 'succeeded' });
    expect(card('378282246310005', { cvc: '1234' })).toMatchObject({ ok: true, brand: 'American Express' });
  });

  it('refuses bad numbers, unaccepted brands, wrong lengths', () => {
    expect(card('4242424242424241')).toEqual({ ok: false, message: MESSAGES.cardNumberInvalid });
    expect(card('4242')).toEqual({ ok: false, message: MESSAGES.cardNumberInvalid });
    expect(card('abcd efgh ijkl mnop')).toEqual({ ok: false, message: MESSAGES.cardNumberInvalid });
    expect(card('3566002020360505')).toEqual({ ok: false, message: MESSAGES.cardBrandNotAccepted });
    expect(card('42424242424242424')).toEqual({ ok: false, message: MESSAGES.cardNumberInvalid });
  });

  it('refuses a past or impossible expiry and accepts a two-digit year', () => {
    expect(card('4242424242424242', { exp_month: 2, exp_year: 2026 })).toEqual({
      ok: false,
      message: MESSAGES.cardExpiryPast,
    });
    expect(card('4242424242424242', { exp_month: 3, exp_year: 2026 })).toMatchObject({ ok: true });
    expect(card('4242424242424242', { exp_month: 13 })).toEqual({
      ok: false,
      message: MESSAGES.cardExpiryInvalid,
    });
    expect(card('4242424242424242', { exp_month: 0 })).toEqual({
      ok: false,
      message: MESSAGES.cardExpiryInvalid,
    });
    expect(card('4242424242424242', { exp_month: 4, exp_year: 29 })).toMatchObject({
      ok: true,
      exp_year: 2029,
    });
  });

  it('wants 3 CVC digits, 4 for American Express', () => {
    expect(card('4242424242424242', { cvc: '12' })).toEqual({ ok: false, message: MESSAGES.cardCvcInvalid });
    expect(card('4242424242424242', { cvc: '1234' })).toEqual({
      ok: false,
      message: MESSAGES.cardCvcInvalid,
    });
    expect(card('378282246310005', { cvc: '123' })).toEqual({ ok: false, message: MESSAGES.cardCvcInvalid });
  });
});
