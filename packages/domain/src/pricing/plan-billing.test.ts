import { describe, expect, it } from 'vitest';
import { billingStart, planPeriodCents, renewalAmountCents } from './plan-billing';

const at = new Date('2026-11-28T10:00:00.000Z');

describe('renewalAmountCents', () => {
  it('bills every plan’s period amount and never a one-time fee', () => {
    expect(
      renewalAmountCents([
        { unit_amount: 14_900, one_time_fee: 4900 },
        { unit_amount: 3900, one_time_fee: 1000, one_time_fee_paid_at: at.toISOString() },
      ]),
    ).toBe(18_800);
  });

  it('bills a tiered plan’s amount for its quantity instead of its unit amount', () => {
    expect(planPeriodCents({ unit_amount: 3900, period_amount: 10_500 })).toBe(10_500);
    expect(renewalAmountCents([{ unit_amount: 3900, period_amount: 10_500 }, { unit_amount: 100 }])).toBe(
      10_600,
    );
    expect(planPeriodCents({ unit_amount: Number.NaN })).toBe(0);
  });
});

describe('billingStart', () => {
  it('without fee or trial: the period amount, billed now', () => {
    expect(billingStart([{ unit_amount: 39_900 }], at)).toEqual({
      amount: 39_900,
      oneTimeFee: 0,
      trialEnd: null,
    });
  });

  it('an unpaid fee is billed with the first invoice; a fee paid at checkout is not billed again', () => {
    expect(billingStart([{ unit_amount: 14_900, one_time_fee: 4900 }], at).oneTimeFee).toBe(4900);
    expect(
      billingStart([{ unit_amount: 14_900, one_time_fee: 4900, one_time_fee_paid_at: at.toISOString() }], at)
        .oneTimeFee,
    ).toBe(0);
  });

  it('a trial still running defers the first period to its end; an ended one does not', () => {
    const end = '2026-12-12T10:00:00.000Z';
    expect(billingStart([{ unit_amount: 5900, trial_ends_at: end }], at).trialEnd?.toISOString()).toBe(end);
    expect(billingStart([{ unit_amount: 5900, trial_ends_at: end }], new Date(end)).trialEnd).toBeNull();
    expect(billingStart([{ unit_amount: 5900, trial_ends_at: 'not a date' }], at).trialEnd).toBeNull();
  });
});
