import { describe, expect, it } from 'vitest';
import {
  formatHeight,
  fromTotalInches,
  HEIGHT_FEET_OPTIONS,
  HEIGHT_INCH_OPTIONS,
  toTotalInches,
} from './height';

describe('height conversion', () => {
  it('converts feet and inches to total inches', () => {
    expect(toTotalInches(5, 9)).toBe(69);
    expect(toTotalInches(6, 0)).toBe(72);
    expect(toTotalInches(1, 0)).toBe(12);
    expect(toTotalInches(10, 11)).toBe(131);
  });

  it('splits total inches into feet and inches', () => {
    expect(fromTotalInches(69)).toEqual({ feet: 5, inches: 9 });
    expect(fromTotalInches(72)).toEqual({ feet: 6, inches: 0 });
    expect(fromTotalInches(71)).toEqual({ feet: 5, inches: 11 });
    expect(fromTotalInches(68.6)).toEqual({ feet: 5, inches: 9 });
    expect(fromTotalInches(0)).toEqual({ feet: 0, inches: 0 });
    expect(fromTotalInches(-5)).toEqual({ feet: 0, inches: 0 });
  });

  it('round-trips every select combination', () => {
    for (const feet of HEIGHT_FEET_OPTIONS) {
      for (const inches of HEIGHT_INCH_OPTIONS) {
        expect(fromTotalInches(toTotalInches(feet, inches))).toEqual({ feet, inches });
      }
    }
  });

  it('formats a height', () => {
    expect(formatHeight(69)).toBe(`5' 9"`);
  });
});

describe('height options', () => {
  it('offers feet 1 to 10 and inches 0 to 11', () => {
    expect(HEIGHT_FEET_OPTIONS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(HEIGHT_INCH_OPTIONS).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
});
