import { describe, expect, it } from 'vitest';
import { isObjectId } from './ids';

describe('isObjectId', () => {
  it('accepts 24 hex characters in either case', () => {
    expect(isObjectId('507f1f77bcf86cd799439011')).toBe(true);
    expect(isObjectId('507F1F77BCF86CD799439011')).toBe(true);
    expect(isObjectId('0123456789abcdefABCDEF01')).toBe(true);
  });

  it('rejects other lengths, characters and types', () => {
    expect(isObjectId('507f1f77bcf86cd79943901')).toBe(false); // 23
    expect(isObjectId('507f1f77bcf86cd7994390111')).toBe(false); // 25
    expect(isObjectId('507f1f77bcf86cd79943901g')).toBe(false);
    expect(isObjectId(' 507f1f77bcf86cd799439011')).toBe(false);
    expect(isObjectId('')).toBe(false);
    expect(isObjectId(null)).toBe(false);
    expect(isObjectId(123)).toBe(false);
  });
});
