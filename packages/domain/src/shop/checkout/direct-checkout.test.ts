import { describe, expect, it } from 'vitest';
import { checkoutTotals, variantLine } from '../../pricing/checkout-totals';
import {
  alreadySubscribedActions,
  type DirectCheckoutProduct,
  directCheckoutSummary,
  hasOneTimeOption,
  labDestination,
  offeredPlans,
  preselectedPlan,
  renewalText,
  showsPlanSection,
  subscribesTo,
  trialText,
  unitAmountFor,
} from './direct-checkout';

const product = (
  id: string,
  interval: number,
  unit: number,
  extra: Partial<DirectCheckoutProduct['pricing']> = {},
): DirectCheckoutProduct => ({
  _id: id,
  pricing: {
    type: interval === 0 ? 'one_time' : 'recurring',
    interval_count: interval,
    unit_amount: unit,
    default: false,
    ...extra,
  },
});

const once = product('once', 0, 6000);
const one = product('m1', 1, 5000);
const three = product('m3', 3, 13500, { default: true });
const six = product('m6', 6, 24000);

describe('direct checkout plans (002 §2.7, §4.4)', () => {
  it('offers every plan shortest first, or only the one-time plan in one-time-only mode', () => {
    expect(offeredPlans([six, one, once, three], false).map((p) => p._id)).toEqual([
      'once',
      'm1',
      'm3',
      'm6',
    ]);
    expect(offeredPlans([six, one, once, three], true).map((p) => p._id)).toEqual(['once']);
  });

  it('shows the Plan section only when a recurring plan is offered', () => {
    expect(showsPlanSection([once])).toBe(false);
    expect(showsPlanSection([once, one])).toBe(true);
    expect(showsPlanSection(offeredPlans([once, one], true))).toBe(false);
  });

  it('knows whether a one-time option exists', () => {
    expect(hasOneTimeOption([one, three])).toBe(false);
    expect(hasOneTimeOption([one, once])).toBe(true);
  });

  it('preselects the stored default duration, else the highlighted (default) plan, else the first', () => {
    expect(preselectedPlan([one, three, six], { storedDuration: '6' })?._id).toBe('m6');
    expect(preselectedPlan([one, three, six], { storedDuration: 6 })?._id).toBe('m6');
    // a stored duration no plan has falls back to the default
    expect(preselectedPlan([one, three, six], { storedDuration: '12' })?._id).toBe('m3');
    expect(preselectedPlan([one, three, six], { storedDuration: 'junk' })?._id).toBe('m3');
    expect(preselectedPlan([six, one])?._id).toBe('m1');
    expect(preselectedPlan([])).toBeUndefined();
  });

  it('fixes the one-time plan in one-time-only mode, whatever is stored', () => {
    expect(preselectedPlan([once, one, three], { storedDuration: '3', oneTimeOnly: true })?._id).toBe('once');
    expect(preselectedPlan([one, three], { oneTimeOnly: true })).toBeUndefined();
  });
});

describe('direct checkout pricing fields (002 §3)', () => {
  it('per_unit (or no scheme) charges unit_amount; tiered takes the tier holding the quantity', () => {
    expect(unitAmountFor(one.pricing)).toBe(5000);
    expect(unitAmountFor({ ...one.pricing, billing_scheme: 'per_unit' }, 3)).toBe(5000);
    const tiered = {
      ...one.pricing,
      billing_scheme: 'tiered' as const,
      tiers: [
        { up_to: null, unit_amount: 3000 },
        { up_to: 1, unit_amount: 5000 },
        { up_to: 3, unit_amount: 4000 },
      ],
    };
    expect(unitAmountFor(tiered, 1)).toBe(5000);
    expect(unitAmountFor(tiered, 2)).toBe(4000);
    expect(unitAmountFor(tiered, 3)).toBe(4000);
    expect(unitAmountFor(tiered, 9)).toBe(3000);
    expect(unitAmountFor({ ...tiered, tiers: [] }, 9)).toBe(5000);
  });

  const totals = (
    p: DirectCheckoutProduct,
    all: DirectCheckoutProduct[],
    coupon?: Record<string, { discount: number }>,
  ) => {
    const asVariant = (x: DirectCheckoutProduct) => ({
      _id: x._id,
      templateId: 't',
      recurring: x.pricing.type === 'recurring',
      intervalCount: x.pricing.interval_count,
      unitAmountCents: x.pricing.unit_amount,
    });
    return checkoutTotals(
      'purchase',
      [variantLine({ variant: asVariant(p), variants: all.map(asVariant) })],
      coupon,
    );
  };

  it('Sub-Total = price + savings + special discount; Total Due Now is the plan price without extras', () => {
    // 3 months at $135 against $50/month: Sub-Total $150, Savings $15, 20% off $135 = $27
    const summary = directCheckoutSummary(
      totals(three, [one, three, six], { m3: { discount: 20 } }),
      three.pricing,
    );
    expect(summary).toEqual({
      subTotal: 15000,
      savings: 1500,
      specialDiscount: 2700,
      oneTimeFee: 0,
      totalDueNow: 10800,
      trialDays: 0,
    });
    expect(summary.subTotal).toBe(summary.totalDueNow + summary.savings + summary.specialDiscount);
  });

  it('adds a one-time fee to what is due now, once', () => {
    const withFee = { ...once.pricing, one_time_fee: 1999 };
    expect(directCheckoutSummary(totals(once, [once]), withFee)).toMatchObject({
      subTotal: 6000,
      oneTimeFee: 1999,
      totalDueNow: 7999,
    });
    // junk fees count as none
    expect(
      directCheckoutSummary(totals(once, [once]), { ...once.pricing, one_time_fee: -5 }).totalDueNow,
    ).toBe(6000);
    expect(
      directCheckoutSummary(totals(once, [once]), { ...once.pricing, one_time_fee: Number.NaN }).oneTimeFee,
    ).toBe(0);
  });

  it('a trial defers the plan: only the fee is due now, and the summary says billing starts later', () => {
    const trial = { ...one.pricing, trial_period_days: 14, one_time_fee: 500 };
    const summary = directCheckoutSummary(totals(one, [one]), trial);
    expect(summary).toMatchObject({ subTotal: 5000, totalDueNow: 500, trialDays: 14 });
    expect(trialText(summary.trialDays)).toBe('Billing starts after your 14-day free trial.');
    expect(trialText(0)).toBeNull();
  });

  it('renews every N month(s) for recurring plans only', () => {
    expect(renewalText(one)).toBe('Renews every 1 month');
    expect(renewalText(three)).toBe('Renews every 3 months');
    expect(renewalText(once)).toBeNull();
  });
});

describe('Subscription Already Exists (000 §2 item 11)', () => {
  const sub = (status: 'active' | 'canceled' | 'paused', template: string) => ({
    status,
    product_plans: [{ product_template: template }],
  });

  it('counts any subscription of the template that has not ended', () => {
    expect(subscribesTo([sub('active', 't1')], 't1')).toBe(true);
    expect(subscribesTo([sub('paused', 't1')], 't1')).toBe(true);
    expect(subscribesTo([sub('canceled', 't1')], 't1')).toBe(false);
    expect(subscribesTo([sub('active', 't2')], 't1')).toBe(false);
    expect(subscribesTo([], 't1')).toBe(false);
    // the subscriptions list embeds the template
    expect(
      subscribesTo([{ status: 'active', product_plans: [{ product_template: { _id: 't1' } }] }], 't1'),
    ).toBe(true);
    expect(subscribesTo([{ status: 'active', product_plans: [{ product_template: null }] }], 't1')).toBe(
      false,
    );
  });

  it('offers One Time Purchase for labs and supplements with a one-time option, Modify Treatment for medication', () => {
    expect(alreadySubscribedActions('supplement', true)).toEqual(['one-time', 'manage', 'close']);
    expect(alreadySubscribedActions('lab', true)).toEqual(['one-time', 'manage', 'close']);
    expect(alreadySubscribedActions('supplement', false)).toEqual(['manage', 'close']);
    expect(alreadySubscribedActions('medication', true)).toEqual(['manage', 'modify', 'close']);
    expect(alreadySubscribedActions('coaching_membership', true)).toEqual(['manage', 'close']);
  });
});

describe('after a lab purchase (002 §4.4)', () => {
  it('goes to the labs app with labs2 (the panel when known), else to the order instructions', () => {
    expect(labDestination({ labs2: true, panelId: 'p1', orderId: 'o1' })).toBe('/labs/p1');
    expect(labDestination({ labs2: true, orderId: 'o1' })).toBe('/labs');
    expect(labDestination({ labs2: false, panelId: 'p1', orderId: 'o1' })).toBe('/lab-instructions/o1');
  });
});
