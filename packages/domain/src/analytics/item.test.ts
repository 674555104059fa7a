import { describe, expect, it } from 'vitest';
import { analyticsItem, analyticsValue } from './item';

describe('analytics items (000 §9: price per month = total_discount / duration)', () => {
  it('prices a 6-month plan of $621.00 at $103.50 a month', () => {
    // 62100 cents / 6 months = 10350 cents = $103.50
    expect(
      analyticsItem({ productTemplateId: 't1', type: 'medication', totalDiscount: 62_100, duration: 6 }),
    ).toEqual({
      item_id: 't1',
      item_category: 'medication',
      price: 103.5,
      quantity: 1,
      currency: 'USD',
    });
  });

  it('prices a 12-month plan of $1,308.00 at $109.00 a month, and a 3-month one of $261.00 at $87.00', () => {
    expect(
      analyticsItem({ productTemplateId: 't', type: 'medication', totalDiscount: 130_800, duration: 12 })
        .price,
    ).toBe(109);
    expect(
      analyticsItem({ productTemplateId: 't', type: 'medication', totalDiscount: 26_100, duration: 3 }).price,
    ).toBe(87);
  });

  it('keeps the whole amount of a one-time purchase (duration 0) and rounds to the cent', () => {
    expect(
      analyticsItem({ productTemplateId: 'lab', type: 'lab', totalDiscount: 4_900, duration: 0 }).price,
    ).toBe(49);
    // 10000 / 3 = 3333.33 cents -> 3333 cents = $33.33
    expect(
      analyticsItem({ productTemplateId: 's', type: 'supplement', totalDiscount: 10_000, duration: 3 }).price,
    ).toBe(33.33);
  });

  it('adds up a selection: 2 x $33.33 + $103.50 = $170.16', () => {
    const items = [
      analyticsItem({
        productTemplateId: 's',
        type: 'supplement',
        totalDiscount: 10_000,
        duration: 3,
        quantity: 2,
      }),
      analyticsItem({ productTemplateId: 'm', type: 'medication', totalDiscount: 62_100, duration: 6 }),
    ];
    expect(analyticsValue(items)).toBe(170.16);
  });
});
