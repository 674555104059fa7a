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
