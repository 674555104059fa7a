import { describe, expect, it } from 'vitest';
import {
  analyticsItemPriceCents,
  applySpecialDiscountCents,
  buildPlanOption,
  isBestValue,
  pricePerMonthCents,
  savingsCents,
  specialDiscountCents,
} from './plan-pricing';

describe('pricePerMonthCents', () => {
  it('divides the discounted total by the months', () => {
    // 12-month generic plan: 104400 / 12 = 8700 ($87/mo)
    expect(pricePerMonthCents(104400, 12)).toBe(8700);
    // 3-month plan: 20700 / 3 = 6900
    expect(pricePerMonthCents(20700, 3)).toBe(6900);
  });

  it('rounds to whole cents', () => {
    // 10000 / 3 = 3333.33 -> 3333; 20000 / 3 = 6666.67 -> 6667
    expect(pricePerMonthCents(10000, 3)).toBe(3333);
    expect(pricePerMonthCents(20000, 3)).toBe(6667);
  });

  it('returns the whole amount for a one-time plan (0 months)', () => {
    expect(pricePerMonthCents(4900, 0)).toBe(4900);
  });
});

describe('savingsCents', () => {
  it('is total minus discounted total', () => {
    // 12 x 11900 = 142800 list, 104400 discounted: 142800 - 104400 = 38400
    expect(savingsCents(142800, 104400)).toBe(38400);
    expect(savingsCents(11900, 11900)).toBe(0);
  });

  it('never goes below 0', () => {
    expect(savingsCents(1000, 1200)).toBe(0);
  });
});

describe('special discount', () => {
  it('takes percentage / 100 of the amount', () => {
    // 20% of 104400 = 104400 x 20 / 100 = 20880
    expect(specialDiscountCents(104400, 20)).toBe(20880);
    // 15% of 6900 = 1035
    expect(specialDiscountCents(6900, 15)).toBe(1035);
    // 10% of 999 = 99.9 -> 100
    expect(specialDiscountCents(999, 10)).toBe(100);
  });

  it('is 0 without a positive percentage and at most the amount', () => {
    expect(specialDiscountCents(5000, null)).toBe(0);
    expect(specialDiscountCents(5000, 0)).toBe(0);
    expect(specialDiscountCents(5000, -5)).toBe(0);
    expect(specialDiscountCents(5000, 150)).toBe(5000);
  });

  it('subtracts the discount from the amount', () => {
    // 104400 - 20880 = 83520
    expect(applySpecialDiscountCents(104400, 20)).toBe(83520);
    expect(applySpecialDiscountCents(104400, undefined)).toBe(104400);
  });
});

describe('buildPlanOption', () => {
  it('derives savings, special discount and price', () => {
    const plan = buildPlanOption({
      id: 'p12',
      type: 'recurring',
      totalCents: 142800,
      totalDiscountCents: 104400,
      durationMonths: 12,
      isDefault: true,
      specialDiscountPercent: 10,
    });
    // savings 142800 - 104400 = 38400; special 10% of 104400 = 10440; price 104400 - 10440 = 93960
    expect(plan).toEqual({
      id: 'p12',
      type: 'recurring',
      price: 93960,
      savings: 38400,
      specialDiscount: 10440,
      total: 142800,
      totalDiscount: 104400,
      duration: 12,
      highlight: true,
    });
    expect(isBestValue(plan)).toBe(true);
  });

  it('has no badge and no special discount by default', () => {
    const plan = buildPlanOption({
      id: 'p1',
      type: 'recurring',
      totalCents: 11900,
      totalDiscountCents: 11900,
      durationMonths: 1,
    });
    expect(plan.highlight).toBe(false);
    expect(isBestValue(plan)).toBe(false);
    expect([plan.price, plan.savings, plan.specialDiscount]).toEqual([11900, 0, 0]);
  });
});

describe('analyticsItemPriceCents', () => {
  it('is total_discount / duration', () => {
    // 62100 / 6 = 10350
    expect(analyticsItemPriceCents(62100, 6)).toBe(10350);
    // one-time: whole amount
    expect(analyticsItemPriceCents(4900, 0)).toBe(4900);
  });
});
