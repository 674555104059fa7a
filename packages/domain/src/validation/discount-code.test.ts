import { describe, expect, it } from 'vitest';
import { canApplyDiscountCode, normalizeDiscountCode, validateDiscountCode } from './discount-code';

describe('validateDiscountCode', () => {
  it('accepts alphanumeric codes up to 20 characters', () => {
    expect(validateDiscountCode('SAVE20')).toBeUndefined();
    expect(validateDiscountCode('a'.repeat(20))).toBeUndefined();
    expect(validateDiscountCode('')).toBeUndefined();
  });

  it('rejects more than 20 characters', () => {
    expect(validateDiscountCode('a'.repeat(21))).toBe('Max amount of characters reached');
    expect(validateDiscountCode('a-'.repeat(11))).toBe('Max amount of characters reached');
  });

  it('rejects non-alphanumeric characters', () => {
    for (const code of ['SAVE-20', 'SAVE 20', 'SAVE_20', 'ÉTÉ20', 'save!']) {
      expect(validateDiscountCode(code), code).toBe('Invalid discount code');
    }
  });

  it('ignores surrounding spaces', () => {
    expect(validateDiscountCode('  SAVE20  ')).toBeUndefined();
    expect(normalizeDiscountCode('  SAVE20 ')).toBe('SAVE20');
  });
});

describe('canApplyDiscountCode', () => {
  it('is disabled when empty, invalid, loading or in error', () => {
    expect(canApplyDiscountCode('SAVE20')).toBe(true);
    expect(canApplyDiscountCode('')).toBe(false);
    expect(canApplyDiscountCode('   ')).toBe(false);
    expect(canApplyDiscountCode('SAVE-20')).toBe(false);
    expect(canApplyDiscountCode('SAVE20', { loading: true })).toBe(false);
    expect(canApplyDiscountCode('SAVE20', { error: true })).toBe(false);
  });
});

describe('couponPercentages', () => {
  it('keeps the positive discounts of the products asked about', async () => {
    const { couponPercentages } = await import('./discount-code');
    const answer = { productDiscounts: { a: { discount: 20 }, b: { discount: 0 }, other: { discount: 5 } } };
    expect(couponPercentages(answer, ['a', 'b', 'c'])).toEqual({ a: 20 });
    expect(couponPercentages(answer, ['c'])).toEqual({});
  });
});
