import { CheckoutRequest } from '@portal/domain/contracts/checkout-submit';
import { describe, expect, it } from 'vitest';
import { canonical, checkoutHashes, judgeStored } from './checkout-idempotency';

const NOW = new Date('2026-06-10T12:00:00Z');
const shipping = {
  shipping_info: {
    first_name: 'Dana',
    last_name: 'Tester',
    street_address: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zip_code: '78701',
    country: 'us',
    phone_number: '(512) 555-0188',
  },
};
const body = (over: Record<string, unknown> = {}) =>
  CheckoutRequest.parse({
    kind: 'shop',
    items: [{ product: 'a'.repeat(24), quantity: 2 }],
    shipping,
    payment: { method: 'new_card', token: 'tok_one' },
    promo_code: 'LABS15',
    ...over,
  });

describe('canonical', () => {
  it('does not depend on key order and leaves out undefined', () => {
    expect(canonical({ b: 1, a: [{ y: 2, x: undefined, z: null }] })).toBe('{"a":[{"y":2,"z":null}],"b":1}');
    expect(canonical({ a: 1, b: 2 })).toBe(canonical({ b: 2, a: 1 }));
  });
});

describe('checkoutHashes', () => {
  it('tells the whole request from the purchase: another card or address is the same purchase', () => {
    const first = checkoutHashes(body());
    const otherCard = checkoutHashes(body({ payment: { method: 'new_card', token: 'tok_two' } }));
    const otherItem = checkoutHashes(body({ items: [{ product: 'b'.repeat(24) }] }));
    const otherCode = checkoutHashes(body({ promo_code: null }));
    expect(otherCard.requestHash).not.toBe(first.requestHash);
    expect(otherCard.purchaseHash).toBe(first.purchaseHash);
    expect(otherItem.purchaseHash).not.toBe(first.purchaseHash);
    expect(otherCode.purchaseHash).not.toBe(first.purchaseHash);
    // The code is compared as the server matches it (trimmed, any case).
    expect(checkoutHashes(body({ promo_code: ' labs15 ' })).purchaseHash).toBe(first.purchaseHash);
  });
});

describe('judgeStored', () => {
  const hashes = { requestHash: 'r', purchaseHash: 'p' };
  const row = (status: 'in_progress' | 'failed' | 'completed' | 'superseded', over = {}) => ({
    status,
    requestHash: 'r',
    purchaseHash: 'p',
    lockedUntil: null,
    ...over,
  });

  it('replays a finished checkout only for the same request', () => {
    expect(judgeStored(row('completed'), hashes, NOW)).toBe('replay');
    expect(() => judgeStored(row('completed', { requestHash: 'x' }), hashes, NOW)).toThrow(
      expect.objectContaining({ statusCode: 422, text: 'IdempotencyKeyReused' }),
    );
  });

  it('answers 409 while the running request holds it, and lets it be taken over after', () => {
    const held = row('in_progress', { lockedUntil: new Date(NOW.getTime() + 1000) });
    expect(() => judgeStored(held, hashes, NOW)).toThrow(
      expect.objectContaining({ statusCode: 409, text: 'CheckoutInProgress' }),
    );
    expect(() => judgeStored({ ...held, requestHash: 'x' }, hashes, NOW)).toThrow(
      expect.objectContaining({ statusCode: 422 }),
    );
    const lapsed = row('in_progress', { lockedUntil: new Date(NOW.getTime() - 1) });
    expect(judgeStored(lapsed, hashes, NOW)).toBe('resume');
  });

  it('resumes a failed or superseded checkout of the same purchase, whatever card or address it brings', () => {
    expect(judgeStored(row('failed', { requestHash: 'other' }), hashes, NOW)).toBe('resume');
    expect(judgeStored(row('superseded'), hashes, NOW)).toBe('resume');
    expect(() => judgeStored(row('failed', { purchaseHash: 'x' }), hashes, NOW)).toThrow(
      expect.objectContaining({ statusCode: 422 }),
    );
  });
});
