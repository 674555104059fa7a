import { describe, expect, it } from 'vitest';
import { configuredPeriodCents, treatmentUnits, visitItemPeriodCents } from './configured-price';

describe('configuredPeriodCents', () => {
  it('scales the period amount by quantity / units per month', () => {
    // generic rapamycin 1 mg, 12 months: 8700 x 12 = 104400 for 4 tablets a month; 8 tablets: x 8 / 4 = 208800
    expect(configuredPeriodCents(104_400, 8, 4)).toBe(208_800);
    // 3-month plan 10900 x 3 = 32700; 12 tablets: 32700 x 12 / 4 = 98100
    expect(configuredPeriodCents(32_700, 12, 4)).toBe(98_100);
    // the plan's own units: unchanged
    expect(configuredPeriodCents(11_900, 4, 4)).toBe(11_900);
  });
  it('rounds to whole cents', () => {
    // 999 x 5 / 4 = 1248.75 -> 1249
    expect(configuredPeriodCents(999, 5, 4)).toBe(1249);
  });
  it('keeps the amount without a usable quantity or unit count', () => {
    expect(configuredPeriodCents(2500, null, 30)).toBe(2500);
    expect(configuredPeriodCents(2500, 8, undefined)).toBe(2500);
    expect(configuredPeriodCents(2500, 0, 4)).toBe(2500);
    expect(configuredPeriodCents(2500, 8, 0)).toBe(2500);
  });
});

describe('treatmentUnits', () => {
  it('is units per month times months, one-time counting one month', () => {
    // 8 a month for 12 months = 96
    expect(treatmentUnits(8, 12)).toBe(96);
    expect(treatmentUnits(4, 3)).toBe(12);
    expect(treatmentUnits(30, 0)).toBe(30);
  });
});

describe('visitItemPeriodCents', () => {
  it('scales a configured item by its monthly quantity and leaves an item added as it stands at its price', () => {
    // 12 tablets a month of a plan priced for 8
    expect(visitItemPeriodCents(21_800, { quantity: 12, treatment_properties: { duration: 12 } }, 8)).toBe(
      32_700,
    );
    // the same product added by id: a quantity of 1 counts one pack, not one tablet of eight
    expect(visitItemPeriodCents(21_800, { quantity: 1 }, 8)).toBe(21_800);
    expect(visitItemPeriodCents(21_800, {}, 8)).toBe(21_800);
  });
});
