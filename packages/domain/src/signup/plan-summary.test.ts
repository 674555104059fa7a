import { describe, expect, it } from 'vitest';
import type { Product } from '../contracts/product';
import { planOptionsOf, stickySummaryOffset } from './plan-summary';

const product = (
  id: string,
  type: 'one_time' | 'recurring',
  months: number,
  amount: number,
  isDefault = false,
) =>
  ({
    _id: id,
    product_template: 't'.repeat(24),
    type: 'supplement',
    name: 'Omega',
    stripe_price_id: null,
    pricing: {
      type,
      unit_amount: amount,
      currency: 'usd',
      default: isDefault,
      interval_count: months,
      interval: months > 0 ? 'month' : null,
      per_month_cost: months > 0 ? Math.round(amount / months) : null,
      recurring: { is_recurring: type === 'recurring' },
    },
    plan_properties: {},
  }) as Product;

describe('stickySummaryOffset', () => {
  it('follows the 002 §9 table and is null on desktop', () => {
    expect(stickySummaryOffset(390)).toBe(410);
    expect(stickySummaryOffset(479)).toBe(410);
    expect(stickySummaryOffset(480)).toBe(600);
    expect(stickySummaryOffset(639)).toBe(600);
    expect(stickySummaryOffset(640)).toBe(480);
    expect(stickySummaryOffset(809)).toBe(480);
    expect(stickySummaryOffset(810)).toBe(500);
    expect(stickySummaryOffset(1023)).toBe(500);
    expect(stickySummaryOffset(1024)).toBeNull();
  });
});

describe('planOptionsOf', () => {
  it('prices recurring plans against the shortest plan per month and marks the default Best Value', () => {
    // one-time $39; monthly $35; quarterly $99 vs 3 x $35 = $105 -> savings $6
    const options = planOptionsOf([
      product('a', 'one_time', 0, 3900),
      product('b', 'recurring', 1, 3500),
      product('c', 'recurring', 3, 9900, true),
    ]);
    expect(options.map((o) => [o.id, o.type, o.duration, o.total, o.price, o.savings, o.highlight])).toEqual([
      ['a', 'one_time', 0, 3900, 3900, 0, false],
      ['b', 'recurring', 1, 3500, 3500, 0, false],
      ['c', 'recurring', 3, 10500, 9900, 600, true],
    ]);
  });

  it('never shows negative savings for a plan dearer per month than the shortest', () => {
    // monthly $30; quarterly $99 vs 3 x $30 = $90 -> total is the price itself, savings 0
    const [, quarterly] = planOptionsOf([
      product('b', 'recurring', 1, 3000),
      product('c', 'recurring', 3, 9900),
    ]);
    expect(quarterly).toMatchObject({ total: 9900, savings: 0 });
  });
});
