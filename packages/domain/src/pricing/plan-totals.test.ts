import { describe, expect, it } from 'vitest';
import { configuredPlanTotals } from './plan-totals';

describe('configuredPlanTotals', () => {
  it('is the 1-month price x months against the plan amount', () => {
    // generic 2 mg: 1 month 14900; 12 months 10900 x 12 = 130800. Undiscounted 14900 x 12 = 178800
    expect(
      configuredPlanTotals({
        oneMonthUnitAmount: 14_900,
        planUnitAmount: 130_800,
        months: 12,
        quantity: 4,
        unitsPerMonth: 4,
      }),
    ).toEqual({ total: 178_800, totalDiscount: 130_800 });
  });
  it('scales both by the configured quantity', () => {
    // 8 tablets: 130800 x 8 / 4 = 261600; 14900 x 2 = 29800 x 12 = 357600
    expect(
      configuredPlanTotals({
        oneMonthUnitAmount: 14_900,
        planUnitAmount: 130_800,
        months: 12,
        quantity: 8,
        unitsPerMonth: 4,
      }),
    ).toEqual({ total: 357_600, totalDiscount: 261_600 });
  });
  it('has no savings without a 1-month price or for a one-time plan', () => {
    expect(
      configuredPlanTotals({
        oneMonthUnitAmount: null,
        planUnitAmount: 6600,
        months: 3,
        quantity: null,
        unitsPerMonth: 30,
      }),
    ).toEqual({ total: 6600, totalDiscount: 6600 });
    expect(
      configuredPlanTotals({
        oneMonthUnitAmount: 2500,
        planUnitAmount: 3000,
        months: 0,
        quantity: null,
        unitsPerMonth: null,
      }),
    ).toEqual({ total: 3000, totalDiscount: 3000 });
  });
});
