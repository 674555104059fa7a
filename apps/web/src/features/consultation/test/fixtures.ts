import type { Intake } from '@portal/domain/contracts/intake';
import type { IntakeTemplate } from '@portal/domain/contracts/intake-template';
import type { State } from '@portal/domain/contracts/organization';
import type { Product, ProductTemplate } from '@portal/domain/contracts/product';
import { ORG_ID, USER_ID } from '../../../test/helpers';

export const INTAKE_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
export const TEMPLATE_ID = 'bbbbbbbbbbbbbbbbbbbbbbbb';
export const GLOBAL_TEMPLATE_ID = 'cccccccccccccccccccccccc';
export const GENERIC_ID = 'dddddddddddddddddddddddd';
export const COMPOUNDED_ID = 'eeeeeeeeeeeeeeeeeeeeeeee';
export const LAB_ID = 'ffffffffffffffffffffffff';

export const STATES: State[] = [
  { _id: '111111111111111111111111', name: 'New York', abbreviation: 'NY', syncRequired: false },
  { _id: '222222222222222222222222', name: 'California', abbreviation: 'CA', syncRequired: false },
  { _id: '333333333333333333333333', name: 'Texas', abbreviation: 'TX', syncRequired: false },
];

export function intake(overrides: Partial<Intake> = {}): Intake {
  return {
    _id: INTAKE_ID,
    user: USER_ID,
    organization: ORG_ID,
    intake_template: TEMPLATE_ID,
    total_steps: 10,
    products: [],
    subscriptions: [],
    intake_responses: [],
    bundle_support: false,
    image_verification: {},
    awaiting_patient_update: { is_awaiting: false },
    status: { questions: { total: 10 }, complete: { total: 0 }, incomplete: { total: 10 } },
    patient_complete: false,
    physician_review: false,
    closed: false,
    expires_at: null,
    completed_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function intakeTemplate(overrides: Partial<IntakeTemplate> = {}): IntakeTemplate {
  return {
    _id: TEMPLATE_ID,
    organization: ORG_ID,
    name: 'Rapamycin',
    slug: 'generic-rapamycin',
    description: null,
    product_defaults: [GENERIC_ID],
    product_addons: [],
    product_best_value: [],
    bundle_support: false,
    bundle_settings: null,
    disable_payment_collection: false,
    is_global: false,
    total_steps: 10,
    questions: [],
    ...overrides,
  };
}

export function productTemplate(overrides: Partial<ProductTemplate> = {}): ProductTemplate {
  return {
    _id: GENERIC_ID,
    organization: ORG_ID,
    type: 'medication',
    slug: 'generic-rapamycin',
    name: 'Generic Rapamycin',
    product_name: 'Generic Rapamycin',
    description: '',
    medication_type: null,
    medicationType: null,
    dosage_type: null,
    product_images: [],
    product_features: [],
    product_url: null,
    testimonials: [],
    dose_quantity: 1,
    dose_recommendation: null,
    dose_selection_text: null,
    dosage_strengths: [],
    dosage_frequencies: [],
    shipping_frequencies: [],
    settings: {},
    shop: { benefits: [], tags: [] },
    attachments: [],
    intake_template: TEMPLATE_ID,
    membership: null,
    featured: true,
    show_in_shop: true,
    ...overrides,
  };
}

/** A priced variant charging `unitAmount` cents every `months` months. */
export function product(
  id: string,
  templateId: string,
  unitAmount: number,
  months: number,
  isDefault = false,
): Product {
  return {
    _id: id,
    product_template: templateId,
    type: 'medication',
    name: `Plan ${months}`,
    stripe_price_id: null,
    pricing: {
      type: months === 0 ? 'one_time' : 'recurring',
      unit_amount: unitAmount,
      currency: 'usd',
      default: isDefault,
      interval_count: months,
      interval: months === 0 ? null : 'month',
      per_month_cost: null,
      recurring: { is_recurring: months > 0 },
    },
    plan_properties: {},
  };
}

export const intakePath = `/intakes/${ORG_ID}/patient/${USER_ID}/patient-intake/${INTAKE_ID}`;
