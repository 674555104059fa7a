import { DISCOUNT_CODE_MAX } from '../constants';
import { MESSAGES } from '../messages';

/** Message for a discount code (trimmed): over 20 characters or not alphanumeric; undefined when valid or empty. */
export function validateDiscountCode(code: string): string | undefined {
  const value = code.trim();
  if (value.length > DISCOUNT_CODE_MAX) return MESSAGES.discountCodeTooLong;
  if (value !== '' && !/^[A-Za-z0-9]+$/.test(value)) return MESSAGES.discountCodeInvalid;
  return undefined;
}

/** True when Apply may be pressed: a non-empty valid code, not loading and not in error. */
export function canApplyDiscountCode(
  code: string,
  state: { loading?: boolean; error?: boolean } = {},
): boolean {
  return code.trim() !== '' && validateDiscountCode(code) === undefined && !state.loading && !state.error;
}

/** Trims a discount code for sending. */
export function normalizeDiscountCode(code: string): string {
  return code.trim();
}

/**
 * The percentages a coupon answer gives the products asked about (000 §3 "Coupon discount"); an answer
 * with none of them is 'not applicable' (000 §8), so the result is then empty.
 */
export function couponPercentages(
  answer: { productDiscounts: Record<string, { discount: number }> },
  productIds: readonly string[],
): Record<string, number> {
  const found: Record<string, number> = {};
  for (const id of productIds) {
    const discount = answer.productDiscounts[id]?.discount;
    if (typeof discount === 'number' && discount > 0) found[id] = discount;
  }
  return found;
}
