import { describe, expect, it } from 'vitest';
import { type CheckoutLine, checkoutSummary, planBaselineCents } from './checkout-summary';

const line = (over: Partial<CheckoutLine>): CheckoutLine => ({
  id: 'x',
  totalCents: 0,
  totalDiscountCents: 0,
  recurring: true,
  ...over,
});

describe('checkoutSummary', () => {
  it('sums recurring lines with savings and a 20% coupon on one of them', () => {
    // Rapamycin 3 months: baseline 29700, plan 26100 (savings 3600), coupon 20% of 26100 = 5220.
    // Add-on 1 month: 4500, no savings, no coupon. Membership 1 month 9900.
    // Sub-Total 29700 + 4500 + 9900 = 44100; Savings 3600; Special 5220; Total 44100 - 3600 - 5220 = 35280.
    const summary = checkoutSummary([
      line({ id: 'rapa', totalCents: 29700, totalDiscountCents: 26100, specialDiscountPercent: 20 }),
      line({ id: 'addon', totalCents: 4500, totalDiscountCents: 4500 }),
      line({ id: 'membership', totalCents: 9900, totalDiscountCents: 9900 }),
    ]);
    expect(summary).toEqual({ subTotal: 44100, savings: 3600, specialDiscount: 5220, totalDueNow: 35280 });
  });

  it('leaves one-time and free (lab) lines out', () => {
    // Only the 8700 recurring line counts.
    const summary = checkoutSummary([
      line({ totalCents: 8700, totalDiscountCents: 8700 }),
      line({ totalCents: 5000, totalDiscountCents: 5000, recurring: false, specialDiscountPercent: 50 }),
      line({ totalCents: 19900, totalDiscountCents: 19900, free: true }),
    ]);
    expect(summary).toEqual({ subTotal: 8700, savings: 0, specialDiscount: 0, totalDueNow: 8700 });
  });

  it('never shows negative savings when the baseline is below the plan amount', () => {
    expect(checkoutSummary([line({ totalCents: 100, totalDiscountCents: 150 })])).toEqual({
      subTotal: 150,
      savings: 0,
      specialDiscount: 0,
      totalDueNow: 150,
    });
  });

  it('is all zero for an empty cart', () => {
    expect(checkoutSummary([])).toEqual({ subTotal: 0, savings: 0, specialDiscount: 0, totalDueNow: 0 });
  });
});

describe('planBaselineCents', () => {
  const monthly = { _id: 'm', recurring: true, intervalCount: 1, unitAmountCents: 9900, size: '2 mg' };
  const quarterly = { _id: 'q', recurring: true, intervalCount: 3, unitAmountCents: 26700, size: '2 mg' };
  const otherSize = { _id: 'o', recurring: true, intervalCount: 1, unitAmountCents: 5000, size: '1 mg' };
  const oneTime = { _id: 't', recurring: false, intervalCount: 0, unitAmountCents: 12000, size: '2 mg' };

  it('is the shortest plan of the same size per month times the months', () => {
    // 9900 x 3 = 29700 (the 1 mg variant is ignored).
    expect(planBaselineCents(quarterly, [monthly, quarterly, otherSize])).toBe(29700);
  });

  it('is the plan itself for the shortest plan, a one-time plan or no comparable plan', () => {
    expect(planBaselineCents(monthly, [monthly, quarterly])).toBe(9900);
    expect(planBaselineCents(oneTime, [monthly, oneTime])).toBe(12000);
    expect(planBaselineCents(quarterly, [quarterly, otherSize])).toBe(26700);
  });
});
