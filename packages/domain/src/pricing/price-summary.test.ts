import { describe, expect, it } from 'vitest';
import { buildPlanOption } from './plan-pricing';
import { priceSummary, recurringTotalCents } from './price-summary';

describe('recurringTotalCents', () => {
  it('counts only recurring items', () => {
    // 104400 + 20700 = 125100; the one-time 4900 is left out
    expect(
      recurringTotalCents([
        { cents: 104400, recurring: true },
        { cents: 4900, recurring: false },
        { cents: 20700, recurring: true },
      ]),
    ).toBe(125100);
  });

  it('is 0 for no recurring items', () => {
    expect(recurringTotalCents([])).toBe(0);
    expect(recurringTotalCents([{ cents: 4900, recurring: false }])).toBe(0);
  });
});

describe('priceSummary', () => {
  it('adds price, savings and special discount into the sub-total', () => {
    // price 93960 + savings 38400 + special 10440 = 142800
    expect(priceSummary({ price: 93960, savings: 38400, specialDiscount: 10440, duration: 12 })).toEqual({
      subTotal: 142800,
      savings: 38400,
      specialDiscount: 10440,
      total: 93960,
      duration: 12,
    });
  });

  it('gives back the undiscounted total of a built plan', () => {
    const plan = buildPlanOption({
      id: 'p3',
      type: 'recurring',
      totalCents: 35700,
      totalDiscountCents: 32700,
      durationMonths: 3,
      specialDiscountPercent: 20,
    });
    // savings 35700 - 32700 = 3000; special 20% of 32700 = 6540; price 32700 - 6540 = 26160
    // subTotal 26160 + 3000 + 6540 = 35700
    const summary = priceSummary(plan);
    expect(summary.subTotal).toBe(35700);
    expect(summary.total).toBe(26160);
  });
});
