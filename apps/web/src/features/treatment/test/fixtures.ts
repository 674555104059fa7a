import type { Membership, MembershipPrice } from '@portal/domain/contracts/membership';
import type { Product, ProductTemplate } from '@portal/domain/contracts/product';
import type { Subscription } from '@portal/domain/contracts/subscription';
import {
  COMPOUNDED_ID,
  COMPOUNDED_PROTOCOL,
  GENERIC_ID,
  GENERIC_PROTOCOL,
  product,
  productTemplate,
} from '../../../test/fixtures/funnel';
import { ORG_ID } from '../../../test/helpers';

export const METFORMIN_ID = '0000000000000000000000f1';
export const NAD_ID = '0000000000000000000000f2';
export const OMEGA_ID = '0000000000000000000000f3';
export const MEMBERSHIP_ID = '0000000000000000000000e1';

/** A priced product with a strength and the monthly units it covers. */
export function priced(
  id: string,
  templateId: string,
  unitAmount: number,
  months: number,
  strength: string | null,
  unitsPerMonth: number,
  isDefault = false,
): Product {
  const base = product(id, templateId, unitAmount, months, isDefault);
  return {
    ...base,
    plan_properties: { ...(strength ? { dosage_size: strength } : {}), units_per_month: unitsPerMonth },
  };
}

export function genericTemplate(overrides: Partial<ProductTemplate> = {}): ProductTemplate {
  return productTemplate({
    product_name: 'Generic Rapamycin (Sirolimus)',
    medication_type: 'generic',
    medicationType: 'generic',
    dosage_type: 'tablet',
    product_images: ['/img/generic.svg'],
    testimonials: [{ quote: 'My labs look better than ever.', author: 'Chris M.' }],
    dose_recommendation: 24,
    dose_selection_text: {
      starter: 'Start low.',
      recommended: 'The dose most patients take.',
      custom: 'Choose your own monthly quantity.',
    },
    dosage_strengths: [{ strength: '1 mg' }, { strength: '2 mg' }],
    dosage_frequencies: [
      {
        frequency: { label: 'Once weekly', count: 1 },
        instructions: 'Take {{weekly_dosage}} mg by mouth once a week.',
        has_custom_quantity: true,
        custom_quantity: { min: 4, max: 24, default: 4 },
        monthly_units: 4,
        count: 4,
      },
    ],
    settings: { recommendation_request: true, ...GENERIC_PROTOCOL },
    shop: {
      benefits: [{ title: 'High Quality', description: 'FDA-approved generic.' }],
      tags: [],
    },
    ...overrides,
  });
}

export const G2_1 = '0000000000000000000000a1';
export const G2_3 = '0000000000000000000000a3';
export const G2_12 = '0000000000000000000000ac';
export const G1_1 = '0000000000000000000000b1';
export const G1_12 = '0000000000000000000000bc';

/** Generic rapamycin: 2 mg at $149 (1 month), $135/mo (3), $109/mo (12, default); 1 mg at $119 and $87/mo. */
export function genericProducts(): Product[] {
  return [
    priced(G2_1, GENERIC_ID, 14_900, 1, '2 mg', 4),
    priced(G2_3, GENERIC_ID, 40_500, 3, '2 mg', 4),
    priced(G2_12, GENERIC_ID, 130_800, 12, '2 mg', 4, true),
    priced(G1_1, GENERIC_ID, 11_900, 1, '1 mg', 4),
    priced(G1_12, GENERIC_ID, 104_400, 12, '1 mg', 4, true),
  ];
}

export const C3_12 = '0000000000000000000000cc';
export function compoundedTemplate(): ProductTemplate {
  return productTemplate({
    _id: COMPOUNDED_ID,
    slug: 'compounded-rapamycin',
    name: 'Compounded Rapamycin',
    product_name: 'Compounded Rapamycin',
    medication_type: 'compounded',
    medicationType: 'compounded',
    dosage_strengths: [{ strength: '3 mg' }],
    settings: COMPOUNDED_PROTOCOL,
  });
}

export function addOnTemplate(
  id: string,
  name: string,
  overrides: Partial<ProductTemplate> = {},
): ProductTemplate {
  return productTemplate({
    _id: id,
    slug: name.toLowerCase().replace(/\W+/g, '-'),
    name,
    product_name: name,
    description: `${name} description.`,
    featured: false,
    dosage_type: 'tablet',
    dosage_strengths: [{ strength: '500 mg' }, { strength: '750 mg' }],
    dosage_frequencies: [
      {
        frequency: { label: 'Once daily', count: 7 },
        instructions: 'Take one tablet daily.',
        has_custom_quantity: false,
        monthly_units: 30,
        count: 30,
      },
      {
        frequency: { label: 'Twice daily', count: 14 },
        instructions: 'Take one tablet twice daily.',
        has_custom_quantity: false,
        monthly_units: 60,
        count: 60,
      },
    ],
    product_features: [{ title: 'Metabolic support', description: 'Improves insulin sensitivity.' }],
    ...overrides,
  });
}

export function membership(): Membership {
  return {
    _id: MEMBERSHIP_ID,
    organization: ORG_ID,
    name: 'Healthspan Coaching',
    description: 'One-to-one longevity coaching.',
    features: [{ title: 'Monthly 1:1 sessions', description: 'A 45-minute video session every month.' }],
    included_products: [{ name: 'Longevity Essentials Panel', features: ['Twice a year'] }],
    event_link: null,
    prices: [],
  };
}

export function membershipPrice(
  id: string,
  unitAmount: number,
  months: number,
  isDefault: boolean,
): MembershipPrice {
  return {
    _id: id,
    membership: MEMBERSHIP_ID,
    type: 'recurring',
    unit_amount: unitAmount,
    currency: 'usd',
    default: isDefault,
    interval_count: months,
    stripe_price_id: null,
    recurring: { is_recurring: true, interval: 'month', interval_count: months },
  };
}

export function subscription(templateId: string, status: Subscription['status'] = 'active'): Subscription {
  return {
    _id: '0000000000000000000000d1',
    status,
    type: 'medication',
    name: 'Generic Rapamycin',
    duration: 12,
    product_plans: [
      {
        product_template: {
          _id: templateId,
          name: 'Generic Rapamycin',
          product_name: 'Generic Rapamycin',
          product_images: [],
          membership: null,
          attachments: [],
        },
        product: G2_12,
        quantity: 1,
        duration: 12,
        unit_amount: 130_800,
      },
    ],
    prescriptions: [],
    schedule_details: null,
    current_period_start: null,
    reschedule_date: null,
    subscription_id: null,
    cancellation_info: { cancellation_attempt: 0 },
    coaching_info: null,
    intake: null,
    membership: null,
    promo_code: null,
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

export { COMPOUNDED_ID, GENERIC_ID };
