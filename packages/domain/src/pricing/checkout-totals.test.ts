import { describe, expect, it } from 'vitest';
import {
  checkoutTotals,
  consultationSummary,
  countsIn,
  couponPercentFor,
  type PricedVariant,
  type TotalsLine,
  variantLine,
} from './checkout-totals';

const line = (over: Partial<TotalsLine> & { id: string }): TotalsLine => ({
  totalCents: 0,
  totalDiscountCents: 0,
  recurring: true,
  ...over,
});

/** Generic Rapamycin 2 mg as seeded: $149/mo for 1 month ... $109/mo for 12 months, 4 tablets a month. */
const rapa = (months: number, perMonth: number): PricedVariant => ({
  _id: `rapa-${months}`,
  templateId: 'generic',
  recurring: true,
  intervalCount: months,
  unitAmountCents: perMonth * months,
  size: '2 mg',
  unitsPerMonth: 4,
});
const RAPA = [rapa(1, 14900), rapa(3, 13500), rapa(6, 12500), rapa(12, 10900)];

describe('variantLine', () => {
  it('prices a 12-month plan against the 1-month price and scales a custom quantity', () => {
    // 12 x $109 = $1,308.00 against 12 x $149 = $1,788.00.
    expect(variantLine({ variant: RAPA[3]!, variants: RAPA })).toEqual({
      id: 'rapa-12',
      templateId: 'generic',
      totalCents: 178_800,
      totalDiscountCents: 130_800,
      recurring: true,
    });
    // 8 tablets a month where the product covers 4: twice the amounts.
    expect(variantLine({ variant: RAPA[3]!, variants: RAPA, quantityPerMonth: 8 })).toMatchObject({
      totalCents: 357_600,
      totalDiscountCents: 261_600,
    });
  });

  it('multiplies a cart quantity and keeps a one-time variant its own baseline', () => {
    const omega: PricedVariant[] = [
      { _id: 'o0', templateId: 'omega', recurring: false, intervalCount: 0, unitAmountCents: 3900 },
      { _id: 'o1', templateId: 'omega', recurring: true, intervalCount: 1, unitAmountCents: 3500 },
      { _id: 'o3', templateId: 'omega', recurring: true, intervalCount: 3, unitAmountCents: 9900 },
    ];
    expect(variantLine({ variant: omega[0]!, variants: omega, count: 2 })).toMatchObject({
      totalCents: 7800,
      totalDiscountCents: 7800,
      recurring: false,
    });
    // 3 x $35 = $105.00 baseline against $99.00.
    expect(variantLine({ variant: omega[2]!, variants: omega })).toMatchObject({
      totalCents: 10_500,
      totalDiscountCents: 9900,
    });
  });
});

describe('couponPercentFor and countsIn', () => {
  it('reads the percentage by product id, then by template, ignoring zero', () => {
    expect(couponPercentFor({ id: 'p' }, { p: { discount: 20 } })).toBe(20);
    expect(couponPercentFor({ id: 'p', templateId: 't' }, { t: { discount: 15 } })).toBe(15);
    expect(couponPercentFor({ id: 'p' }, { q: { discount: 15 } })).toBeNull();
    expect(couponPercentFor({ id: 'p' }, { p: { discount: 0 } })).toBeNull();
    expect(couponPercentFor({ id: 'p' }, null)).toBeNull();
  });

  it('counts recurring lines only in a consultation, one-time too in a purchase, free never', () => {
    expect(countsIn('consultation', { recurring: true })).toBe(true);
    expect(countsIn('consultation', { recurring: false })).toBe(false);
    expect(countsIn('purchase', { recurring: false })).toBe(true);
    expect(countsIn('purchase', { recurring: true, free: true })).toBe(false);
  });
});

describe('checkoutTotals, consultation (000 §9)', () => {
  // Generic Rapamycin 2 mg, 12 months: $1,788.00 baseline, $1,308.00 plan, WELCOME20 20% = $261.60.
  // Metformin ER 500 mg, 3 months: $75.00 baseline, $66.00 plan (savings $9.00), no coupon.
  // Essentials lab panel, one-time $199.00: Free, not counted. Coaching, quarterly $399.00.
  // Sub-Total 178800 + 7500 + 39900 = 226200; Savings 48000 + 900 = 48900; Special 26160;
  // Total 226200 - 48900 - 26160 = 151140. Nothing charged now.
  const lines = [
    line({ id: 'rapa-12', templateId: 'generic', totalCents: 178_800, totalDiscountCents: 130_800 }),
    line({ id: 'met-3', templateId: 'metformin', totalCents: 7500, totalDiscountCents: 6600 }),
    line({
      id: 'lab',
      templateId: 'labs',
      totalCents: 19_900,
      totalDiscountCents: 19_900,
      recurring: false,
      free: true,
    }),
    line({ id: 'coaching-price', totalCents: 39_900, totalDiscountCents: 39_900 }),
  ];
  const welcome20 = { 'rapa-12': { discount: 20 } };

  it('sums the recurring lines with the plan savings and the coupon', () => {
    const totals = checkoutTotals('consultation', lines, welcome20);
    expect(totals).toMatchObject({
      subTotal: 226_200,
      savings: 48_900,
      specialDiscount: 26_160,
      totalDueNow: 151_140,
      chargedNow: 0,
    });
    expect(totals.lines[0]).toEqual({
      id: 'rapa-12',
      subTotal: 178_800,
      savings: 48_000,
      specialDiscount: 26_160,
      total: 104_640,
      percentOff: 20,
      counted: true,
      oneTimeFee: 0,
      trialDays: 0,
      dueNow: 104_640,
      chargedNow: 0,
    });
    expect(totals.lines[2]).toMatchObject({ counted: false, chargedNow: 0 });
  });

  it('is the Summary checkoutSummary gives for the same lines', () => {
    const totals = checkoutTotals('consultation', lines, welcome20);
    expect(consultationSummary(lines, welcome20)).toEqual({
      subTotal: totals.subTotal,
      savings: totals.savings,
      specialDiscount: totals.specialDiscount,
      totalDueNow: totals.totalDueNow,
    });
  });

  it('leaves a one-time line out even when it is not free', () => {
    const totals = checkoutTotals('consultation', [
      line({ id: 'a', totalCents: 8700, totalDiscountCents: 8700 }),
      line({ id: 'b', totalCents: 5000, totalDiscountCents: 5000, recurring: false }),
    ]);
    expect(totals).toMatchObject({ subTotal: 8700, totalDueNow: 8700, chargedNow: 0 });
  });
});

describe('checkoutTotals, purchase (002 §2.7)', () => {
  it('counts one-time purchases in Total Due Now and charges them now', () => {
    // Omega-3 one-time x2: $78.00. Urolithin A 3 months: baseline $177.00, plan $159.00 (not charged now).
    // Essentials panel $199.00 with LABS15: 15% = $29.85, $169.15.
    // Sub-Total 7800 + 17700 + 19900 = 45400; Savings 1800; Special 2985; Total Due Now 40615.
    // Charged now: 7800 + 16915 = 24715.
    const totals = checkoutTotals(
      'purchase',
      [
        line({ id: 'omega-0', totalCents: 7800, totalDiscountCents: 7800, recurring: false }),
        line({ id: 'uro-3', totalCents: 17_700, totalDiscountCents: 15_900 }),
        line({
          id: 'essentials',
          templateId: 'labs',
          totalCents: 19_900,
          totalDiscountCents: 19_900,
          recurring: false,
        }),
      ],
      { labs: { discount: 15 } },
    );
    expect(totals).toMatchObject({
      subTotal: 45_400,
      savings: 1800,
      specialDiscount: 2985,
      totalDueNow: 40_615,
      chargedNow: 24_715,
    });
    expect(totals.lines.map((l) => l.chargedNow)).toEqual([7800, 0, 16_915]);
  });

  it('rounds each line’s coupon to the cent before adding', () => {
    // 15% of 3333 cents is 499.95 -> 500; 15% of 3 cents is 0.45 -> 0. Total 3336 - 500 = 2836.
    const totals = checkoutTotals(
      'purchase',
      [
        line({ id: 'a', totalCents: 3333, totalDiscountCents: 3333, recurring: false }),
        line({ id: 'b', totalCents: 3, totalDiscountCents: 3, recurring: false }),
      ],
      { a: { discount: 15 }, b: { discount: 15 } },
    );
    expect(totals.lines.map((l) => l.specialDiscount)).toEqual([500, 0]);
    expect(totals).toMatchObject({ specialDiscount: 500, totalDueNow: 2836, chargedNow: 2836 });
  });

  it('never discounts more than the line and never counts a free line', () => {
    const totals = checkoutTotals(
      'purchase',
      [
        line({ id: 'a', totalCents: 1000, totalDiscountCents: 1000, recurring: false }),
        line({ id: 'f', totalCents: 500, totalDiscountCents: 500, recurring: false, free: true }),
      ],
      { a: { discount: 150 } },
    );
    expect(totals).toMatchObject({ subTotal: 1000, specialDiscount: 1000, totalDueNow: 0, chargedNow: 0 });
  });
});
