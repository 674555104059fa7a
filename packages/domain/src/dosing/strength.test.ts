import { describe, expect, it } from 'vitest';
import { parseStrength, strengthNumber } from './strength';

describe('parseStrength', () => {
  it('reads a number and a unit', () => {
    expect(parseStrength('5 mg')).toEqual({ value: 5, unit: 'mg' });
    expect(parseStrength('0.5mg')).toEqual({ value: 0.5, unit: 'mg' });
    expect(parseStrength(' 1000 mg ')).toEqual({ value: 1000, unit: 'mg' });
    expect(parseStrength('1,000 mcg')).toEqual({ value: 1000, unit: 'mcg' });
    expect(parseStrength('.25 mg')).toEqual({ value: 0.25, unit: 'mg' });
    expect(parseStrength('2 mg/ml')).toEqual({ value: 2, unit: 'mg/ml' });
  });

  it('keeps a missing unit empty', () => {
    expect(parseStrength('6')).toEqual({ value: 6, unit: '' });
  });

  it('is null when the text does not start with a number', () => {
    expect(parseStrength('mg')).toBeNull();
    expect(parseStrength('')).toBeNull();
    expect(parseStrength(null)).toBeNull();
    expect(parseStrength(undefined)).toBeNull();
    expect(parseStrength('5 6 mg')).toBeNull();
  });
});

describe('strengthNumber', () => {
  it('reads the number of a text or number strength', () => {
    expect(strengthNumber('3 mg')).toBe(3);
    expect(strengthNumber(2.5)).toBe(2.5);
  });

  it('is 0 when unreadable', () => {
    expect(strengthNumber('n/a')).toBe(0);
    expect(strengthNumber(null)).toBe(0);
    expect(strengthNumber(Number.NaN)).toBe(0);
  });
});
