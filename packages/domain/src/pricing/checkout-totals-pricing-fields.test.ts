import { describe, expect, it } from 'vitest';
import { checkoutSummary } from './checkout-summary';
import {
  checkoutTotals,
  consultationSummary,
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

describe('checkoutTotals with one_time_fee and trial_period_days (002 §3)', () => {
  it('adds a one-time fee to Total Due Now once, never discounted, and charges it at a purchase’s submit', () => {
    // Coaching $399.00 / 3 months with a $99.00 enrolment fee; 20% off the plan only.
    const totals = checkoutTotals(
      'purchase',
      [line({ id: 'coach-3', totalCents: 39_900, totalDiscountCents: 39_900, oneTimeFeeCents: 9900 })],
      { 'coach-3': { discount: 20 } },
    );
    expect(totals).toMatchObject({
      subTotal: 39_900,
      savings: 0,
      specialDiscount: 7980,
      oneTimeFees: 9900,
      totalDueNow: 31_920 + 9900,
      // the plan's own amount is billed when its subscription starts; the fee is paid now
      chargedNow: 9900,
    });
    expect(totals.lines[0]).toMatchObject({
      total: 31_920,
      oneTimeFee: 9900,
      dueNow: 41_820,
      chargedNow: 9900,
    });
  });

  it('a trial leaves the plan’s amount out of Total Due Now; Sub-Total, Savings and the code still show', () => {
    const totals = checkoutTotals(
      'purchase',
      [line({ id: 'uro-1', totalCents: 5900, totalDiscountCents: 5900, trialDays: 14 })],
      { 'uro-1': { discount: 10 } },
    );
    expect(totals).toMatchObject({
      subTotal: 5900,
      specialDiscount: 590,
      totalDueNow: 0,
      chargedNow: 0,
      oneTimeFees: 0,
    });
    expect(totals.lines[0]).toMatchObject({ total: 5310, trialDays: 14, dueNow: 0 });
  });

  it('a trial on a one-time line means nothing: it is paid now', () => {
    const totals = checkoutTotals('purchase', [
      line({ id: 'once', totalCents: 6900, totalDiscountCents: 6900, recurring: false, trialDays: 14 }),
    ]);
    expect(totals).toMatchObject({ totalDueNow: 6900, chargedNow: 6900 });
    expect(totals.lines[0]!.trialDays).toBe(0);
  });

  it('a one-time line’s fee is charged with it; an uncounted line’s fee is not counted', () => {
    const totals = checkoutTotals('consultation', [
      line({
        id: 'lab',
        totalCents: 19_900,
        totalDiscountCents: 19_900,
        recurring: false,
        oneTimeFeeCents: 1000,
      }),
      line({ id: 'rapa', totalCents: 14_900, totalDiscountCents: 14_900, oneTimeFeeCents: 2500 }),
    ]);
    // consultation: recurring lines only, nothing charged before a physician approves
    expect(totals).toMatchObject({ oneTimeFees: 2500, totalDueNow: 17_400, chargedNow: 0 });
    const purchase = checkoutTotals('purchase', [
      line({
        id: 'lab',
        totalCents: 19_900,
        totalDiscountCents: 19_900,
        recurring: false,
        oneTimeFeeCents: 1000,
      }),
    ]);
    expect(purchase).toMatchObject({ totalDueNow: 20_900, chargedNow: 20_900 });
  });

  it('the consultation Summary of checkoutSummary agrees, fee and trial included', () => {
    const lines = [
      line({ id: 'coach', totalCents: 39_900, totalDiscountCents: 39_900, oneTimeFeeCents: 9900 }),
      line({ id: 'uro', totalCents: 17_700, totalDiscountCents: 15_900, trialDays: 30 }),
    ];
    const totals = checkoutTotals('consultation', lines, { coach: { discount: 10 } });
    const summary = consultationSummary(lines, { coach: { discount: 10 } });
    expect(summary).toEqual({
      subTotal: totals.subTotal,
      savings: totals.savings,
      specialDiscount: totals.specialDiscount,
      totalDueNow: totals.totalDueNow,
      oneTimeFees: 9900,
    });
    // 39900 - 3990 + 9900; the trial line is not due now
    expect(summary.totalDueNow).toBe(45_810);
    // without fees the Summary keeps its four rows
    expect(checkoutSummary([{ id: 'a', totalCents: 100, totalDiscountCents: 100, recurring: true }])).toEqual(
      {
        subTotal: 100,
        savings: 0,
        specialDiscount: 0,
        totalDueNow: 100,
      },
    );
  });
});

describe('variantLine with the pricing fields', () => {
  const supplement = (over: Partial<PricedVariant> = {}): PricedVariant => ({
    _id: 'omega-0',
    templateId: 'omega',
    recurring: false,
    intervalCount: 0,
    unitAmountCents: 3000,
    ...over,
  });

  it('prices a tiered volume variant by the count, the volume discount shown as Savings', () => {
    const tiered = supplement({
      billingScheme: 'tiered',
      tiersMode: 'volume',
      tiers: [
        { up_to: 2, unit_amount: 3000 },
        { up_to: 5, unit_amount: 2500 },
        { up_to: null, unit_amount: 2000 },
      ],
    });
    expect(variantLine({ variant: tiered, variants: [tiered], count: 4 })).toEqual({
      id: 'omega-0',
      templateId: 'omega',
      totalCents: 12_000,
      totalDiscountCents: 10_000,
      recurring: false,
    });
    const totals = checkoutTotals('purchase', [
      variantLine({ variant: tiered, variants: [tiered], count: 4 }),
    ]);
    expect(totals).toMatchObject({
      subTotal: 12_000,
      savings: 2000,
      totalDueNow: 10_000,
      chargedNow: 10_000,
    });
    // graduated: 2 x $30 + 2 x $25
    const graduated = { ...tiered, tiersMode: 'graduated' as const };
    expect(variantLine({ variant: graduated, variants: [graduated], count: 4 }).totalDiscountCents).toBe(
      11_000,
    );
    // one unit is the first tier
    expect(variantLine({ variant: tiered, variants: [tiered] }).totalDiscountCents).toBe(3000);
  });

  it('per_unit stays unit amount x count', () => {
    const v = supplement({ billingScheme: 'per_unit', tiers: [{ up_to: null, unit_amount: 1 }] });
    expect(variantLine({ variant: v, variants: [v], count: 3 }).totalDiscountCents).toBe(9000);
  });

  it('carries the fee once per line and a recurring variant’s trial', () => {
    const coaching = supplement({
      _id: 'coach-3',
      recurring: true,
      intervalCount: 3,
      unitAmountCents: 39_900,
      oneTimeFeeCents: 9900,
      trialDays: 0,
    });
    expect(variantLine({ variant: coaching, variants: [coaching], count: 2 })).toMatchObject({
      totalDiscountCents: 79_800,
      oneTimeFeeCents: 9900,
    });
    const trial = supplement({ recurring: true, intervalCount: 1, trialDays: 14 });
    expect(variantLine({ variant: trial, variants: [trial] }).trialDays).toBe(14);
    const once = supplement({ trialDays: 14 });
    expect(variantLine({ variant: once, variants: [once] })).not.toHaveProperty('trialDays');
  });
});
