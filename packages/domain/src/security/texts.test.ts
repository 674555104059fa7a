import { describe, expect, it } from 'vitest';
import { normalizeSecondFactor } from './texts';

describe('normalizeSecondFactor', () => {
  it.each([
    ['123456', { kind: 'totp', value: '123456' }],
    [' 123 456 ', { kind: 'totp', value: '123456' }],
    ['k7p2q-9xw4m', { kind: 'recovery', value: 'k7p2q9xw4m' }],
    ['K7P2Q9XW4M', { kind: 'recovery', value: 'k7p2q9xw4m' }],
  ])('reads %j', (input, expected) => {
    expect(normalizeSecondFactor(input)).toEqual(expected);
  });

  it.each(['', '12345', '1234567', '12 3456', 'k7p2q-9xw4', 'k7p2q--9xw4m', 'abc'])('refuses %j', (input) => {
    expect(normalizeSecondFactor(input)).toBeNull();
  });
});
