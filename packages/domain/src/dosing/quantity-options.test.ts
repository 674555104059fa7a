import { describe, expect, it } from 'vitest';
import {
  customQuantityChoices,
  isAllowedQuantity,
  recommendedQuantity,
  recommendedWeeklyDose,
  snapToChoice,
  starterQuantity,
} from './quantity-options';

const generic = {
  has_custom_quantity: true,
  custom_quantity: { min: 4, max: 24, default: 4 },
  monthly_units: 4,
};
const compounded = {
  has_custom_quantity: true,
  custom_quantity: { min: 4, max: 16, default: 4 },
  monthly_units: 4,
};
const daily = { has_custom_quantity: false, monthly_units: 30 };

describe('customQuantityChoices', () => {
  it('steps by 4 from min to max', () => {
    // 4, 8, 12, 16, 20, 24
    expect(customQuantityChoices({ min: 4, max: 24 })).toEqual([4, 8, 12, 16, 20, 24]);
    // 6, 10, 14 (18 is above 16)
    expect(customQuantityChoices({ min: 6, max: 16 })).toEqual([6, 10, 14]);
    expect(customQuantityChoices({ min: 8, max: 8 })).toEqual([8]);
  });
  it('is empty for a missing, inverted or non-positive range', () => {
    expect(customQuantityChoices(undefined)).toEqual([]);
    expect(customQuantityChoices({ min: 12, max: 4 })).toEqual([]);
    expect(customQuantityChoices({ min: 0, max: 4 })).toEqual([]);
  });
});

describe('isAllowedQuantity', () => {
  it('accepts the custom choices only', () => {
    expect(isAllowedQuantity(generic, 8)).toBe(true);
    expect(isAllowedQuantity(generic, 24)).toBe(true);
    expect(isAllowedQuantity(generic, 6)).toBe(false);
    expect(isAllowedQuantity(generic, 28)).toBe(false);
  });
  it('accepts exactly the monthly units without a custom quantity', () => {
    expect(isAllowedQuantity(daily, 30)).toBe(true);
    expect(isAllowedQuantity(daily, 60)).toBe(false);
  });
});

describe('snapToChoice', () => {
  it('takes the largest choice not above the value, else the smallest', () => {
    expect(snapToChoice([4, 8, 12], 10)).toBe(8);
    expect(snapToChoice([4, 8, 12], 40)).toBe(12);
    expect(snapToChoice([4, 8, 12], 1)).toBe(4);
    expect(snapToChoice([], 1)).toBeNull();
  });
});

describe('starter and recommended quantities', () => {
  it('starts at the custom default', () => {
    expect(starterQuantity(generic)).toBe(4);
    expect(starterQuantity(daily)).toBe(30);
  });
  it('recommends dose_recommendation for generic, three times the starter for compounded', () => {
    // generic: dose_recommendation 24 is a choice -> 24
    expect(recommendedQuantity(generic, 24, false)).toBe(24);
    // 22 snaps down to 20
    expect(recommendedQuantity(generic, 22, false)).toBe(20);
    // compounded: 4 x 3 = 12
    expect(recommendedQuantity(compounded, 16, true)).toBe(12);
    expect(recommendedQuantity(daily, 90, false)).toBe(30);
  });
  it('shows the recommended weekly dose', () => {
    // generic 2 mg, 24 a month: 24 / 4 x 2 = 12 mg
    expect(recommendedWeeklyDose(generic, 24, false, '2 mg')).toBe(12);
    // compounded 3 mg: starter 4 / 4 x 3 = 3 mg, x 3 = 9 mg (= 12 capsules / 4 x 3)
    expect(recommendedWeeklyDose(compounded, 16, true, '3 mg')).toBe(9);
  });
});
