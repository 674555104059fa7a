import { describe, expect, it } from 'vitest';
import { centsToDollars, formatUsd } from './money';

describe('centsToDollars', () => {
  it('divides cents by 100', () => {
    // 8700 / 100 = 87
    expect(centsToDollars(8700)).toBe(87);
    // 5250 / 100 = 52.5
    expect(centsToDollars(5250)).toBe(52.5);
  });
});

describe('formatUsd', () => {
  it('shows dollars with 2 decimals', () => {
    // featured generic rapamycin from $87/mo: 8700 cents
    expect(formatUsd(8700)).toBe('$87.00');
    // 5 cents -> $0.05
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(0)).toBe('$0.00');
    // 104400 / 100 = 1044.00, grouped
    expect(formatUsd(104400)).toBe('$1,044.00');
  });

  it('shows a negative amount with a leading minus and treats non-finite input as 0', () => {
    expect(formatUsd(-1250)).toBe('-$12.50');
    expect(formatUsd(Number.NaN)).toBe('$0.00');
  });
});

describe('formatUsd against the browser format it replaces', () => {
  const intl = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  // every cent up to $20, then amounts across each grouping boundary, with their negatives
  const amounts = [
    ...Array.from({ length: 2001 }, (_, i) => i),
    99_999,
    100_000,
    100_001,
    999_999,
    1_000_000,
    12_345_678,
    99_999_999,
    100_000_000,
    123_456_789_012,
  ];

  it('gives what Intl.NumberFormat en-US gives for whole cents', () => {
    for (const cents of amounts) {
      expect(formatUsd(cents)).toBe(intl.format(cents / 100));
      expect(formatUsd(-cents)).toBe(intl.format(-cents / 100));
    }
  });

  it('rounds a fraction of a cent half away from zero, as Intl does', () => {
    for (const cents of [0.4, 0.5, 12.5, 99.5, 149.49, 199_999.5, -0.4, -12.5, -99.5]) {
      expect(formatUsd(cents)).toBe(intl.format(cents / 100));
    }
  });
});
