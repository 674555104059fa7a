import { describe, expect, it } from 'vitest';
import { G1_12, G2_3, G2_12, genericProducts, genericTemplate, subscription } from '../test/fixtures';
import {
  configurationBody,
  configuredQuantity,
  initialConfiguration,
  planOptionOf,
  planProduct,
} from './configuration';
import { liveSubscriptionFor } from './live-subscription';

const template = genericTemplate();
const products = genericProducts();

describe('initialConfiguration', () => {
  it('opens on the query product, else the stored length, else the default plan', () => {
    expect(initialConfiguration(template, products, G2_3, null)).toMatchObject({
      strength: '2 mg',
      months: 3,
    });
    // stored 3 months wins over the query product's 12
    expect(initialConfiguration(template, products, G2_12, '3')).toMatchObject({ months: 3 });
    // no query: the default (12 months) of the first strength in product order
    expect(initialConfiguration(template, products, null, null)).toMatchObject({
      strength: '2 mg',
      months: 12,
    });
    // 1 mg has no 3-month plan: the stored length is ignored, the active 12 stays
    expect(initialConfiguration(template, products, G1_12, '3')).toMatchObject({
      strength: '1 mg',
      months: 12,
    });
  });
});

describe('quantities, prices and the request body', () => {
  it('scales the plan by the custom quantity', () => {
    const config = {
      ...initialConfiguration(template, products, G2_12, null),
      dose: 'custom' as const,
      customQuantity: 12,
    };
    expect(configuredQuantity(template, config)).toBe(12);
    const product = planProduct(products, '2 mg', 12)!;
    // 130800 x 12 / 4 = 392400; 14900 x 3 x 12 = 536400; savings 144000
    expect(planOptionOf(products, product, 12)).toMatchObject({
      total: 536_400,
      totalDiscount: 392_400,
      savings: 144_000,
      highlight: true,
    });
    expect(configurationBody(template, product, config)).toEqual({
      product: G2_12,
      quantity: 12,
      frequency: 'Once weekly',
      dosage: '2 mg',
    });
  });
  it('recommends dose_recommendation units for generic', () => {
    const config = { ...initialConfiguration(template, products, G2_12, null), dose: 'recommended' as const };
    expect(configuredQuantity(template, config)).toBe(24);
  });
});

describe('liveSubscriptionFor', () => {
  it('finds a live subscription of the template and ignores ended ones', () => {
    const id = template._id;
    expect(liveSubscriptionFor([subscription(id, 'awaiting_physician_review')], id)).toBeDefined();
    expect(liveSubscriptionFor([subscription(id, 'canceled')], id)).toBeUndefined();
    expect(liveSubscriptionFor([subscription(id, 'incomplete_expired')], id)).toBeUndefined();
    expect(liveSubscriptionFor([subscription('0'.repeat(24))], id)).toBeUndefined();
  });
});
