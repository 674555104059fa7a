import type { BillingScheme, PriceTier, TiersMode } from '@portal/domain/pricing/price-scheme';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ref, updatedAt } from './columns';
import { intakeTemplates } from './intakes';
import { memberships } from './memberships';
import { organizations } from './organizations';

export const productTypes = ['medication', 'lab', 'supplement', 'coaching_membership'] as const;
export type ProductType = (typeof productTypes)[number];

export const pricingTypes = ['one_time', 'recurring'] as const;
export type PricingType = (typeof pricingTypes)[number];

export type Testimonial = { quote: string; author: string; title?: string; image?: string };
export type TitledText = { title: string; description: string };

/** A strength is a number plus a unit, e.g. '5 mg'. */
export type DosageStrength = { strength: string };

/**
 * How often a dose is taken. Instructions may hold the placeholders {{weekly_dosage}} and
 * {{compounded_dosage}} (quantity x dose_quantity x strength / 4), filled in for the chosen configuration.
 * Custom quantities step by 4 from min to max.
 */
export type DosageFrequency = {
  frequency: { label: string; count: number };
  instructions: string;
  has_custom_quantity: boolean;
  custom_quantity?: { min: number; max: number; default: number };
  /** Units shipped per month at the default quantity. */
  monthly_units: number;
  count: number;
};

/** A plan length offered; 0 months means one-time. Prices live on the products (priced variants). */
export type ShippingFrequency = {
  months: number;
  type: PricingType;
  default?: boolean;
  best_value?: boolean;
  non_recurring?: boolean;
};

export type DoseSelectionText = { starter: string; recommended: string; custom: string };

export type ProductTemplateSettings = {
  alternate_image?: string;
  details_image?: string;
  product_type?: string;
  short_description?: string;
  promotional_text?: string;
  /** Offer "request a recommendation" (assistance) in the dose options. */
  recommendation_request?: boolean;
  /** Templates naming the same group replace each other in one visit (generic and compounded rapamycin). */
  exclusive_group?: string;
  /** A protocol card of its exclusive group on the protocol selection screen: recommended, and its position. */
  protocol?: { featured?: boolean; order?: number };
};

export type ProductShop = {
  benefits: TitledText[];
  tags: { label: string; main?: boolean }[];
};

/** A product as the clinic presents it: copy, images, dosing options and plan lengths. */
export const productTemplates = pgTable(
  'product_templates',
  {
    id: idColumn(),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    type: varchar('type', { length: 24 }).$type<ProductType>().notNull(),
    /** Stable key within the organization, e.g. 'generic-rapamycin'. */
    slug: varchar('slug', { length: 64 }).notNull(),
    /** Short name, e.g. 'Generic Rapamycin'. */
    name: text('name').notNull(),
    /** Full display name, e.g. 'Generic Rapamycin (Sirolimus)'. */
    productName: text('product_name').notNull(),
    description: text('description').notNull(),
    /** 'generic' | 'compounded' for rapamycin; free text for other medications. */
    medicationType: varchar('medication_type', { length: 32 }),
    /** Unit form, e.g. 'tablet', 'capsule', 'spray'. */
    dosageType: varchar('dosage_type', { length: 32 }),
    productImages: jsonb('product_images').$type<string[]>().notNull().default([]),
    productFeatures: jsonb('product_features').$type<TitledText[]>().notNull().default([]),
    productUrl: text('product_url'),
    testimonials: jsonb('testimonials').$type<Testimonial[]>().notNull().default([]),
    /** Units per dose (default 1). */
    doseQuantity: integer('dose_quantity').notNull().default(1),
    /** Recommended units per month. */
    doseRecommendation: integer('dose_recommendation'),
    doseSelectionText: jsonb('dose_selection_text').$type<DoseSelectionText | null>(),
    dosageStrengths: jsonb('dosage_strengths').$type<DosageStrength[]>().notNull().default([]),
    dosageFrequencies: jsonb('dosage_frequencies').$type<DosageFrequency[]>().notNull().default([]),
    shippingFrequencies: jsonb('shipping_frequencies').$type<ShippingFrequency[]>().notNull().default([]),
    settings: jsonb('settings').$type<ProductTemplateSettings>().notNull().default({}),
    shop: jsonb('shop').$type<ProductShop>().notNull().default({ benefits: [], tags: [] }),
    attachments: jsonb('attachments').$type<{ name: string; url: string }[]>().notNull().default([]),
    intakeTemplateId: ref('intake_template_id').references(() => intakeTemplates.id, {
      onDelete: 'set null',
    }),
    membershipId: ref('membership_id').references(() => memberships.id, { onDelete: 'set null' }),
    featured: boolean('featured').notNull().default(false),
    /** Listed in the shop (add-ons may be offered only inside a visit). */
    showInShop: boolean('show_in_shop').notNull().default(true),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('product_templates_organization_id_slug_idx').on(t.organizationId, t.slug),
    index('product_templates_organization_id_type_sort_order_idx').on(t.organizationId, t.type, t.sortOrder),
    index('product_templates_organization_id_sort_order_idx').on(t.organizationId, t.sortOrder),
    index('product_templates_intake_template_id_idx').on(t.intakeTemplateId),
    index('product_templates_membership_id_idx').on(t.membershipId),
    check(
      'product_templates_type_check',
      sql`${t.type} in ('medication', 'lab', 'supplement', 'coaching_membership')`,
    ),
  ],
);

export type PlanProperties = {
  dosage_frequency?: string;
  /** Strength, e.g. '5 mg'. */
  dosage_size?: string;
  frequency?: string;
  units_per_month?: number;
  dosage_units?: string;
  unit_form?: string;
  tier?: string;
};

/**
 * A priced variant of a template: one strength and plan length. unit_amount is the amount charged per
 * billing period of interval_count months (one_time: interval_count 0), in cents. 002 §3's broader pricing
 * fields, as Stripe's Price: billing_scheme per_unit (unit_amount per unit) or tiered (tiers price the
 * quantity, volume or graduated; unit_amount is then the one-unit price the shop lists); one_time_fee, a
 * setup fee charged with the first payment only; trial_period_days, the days before a recurring plan's
 * first charge.
 */
export const products = pgTable(
  'products',
  {
    id: idColumn(),
    productTemplateId: ref('product_template_id')
      .notNull()
      .references(() => productTemplates.id, { onDelete: 'cascade' }),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    type: varchar('type', { length: 24 }).$type<ProductType>().notNull(),
    name: text('name').notNull(),
    pricingType: varchar('pricing_type', { length: 16 }).$type<PricingType>().notNull(),
    unitAmount: integer('unit_amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('usd'),
    /** Months per billing period; 0 for one-time. */
    intervalCount: integer('interval_count').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    planProperties: jsonb('plan_properties').$type<PlanProperties>().notNull().default({}),
    /** Cents, charged once with the first payment (never on a renewal); 0 for none. */
    oneTimeFee: integer('one_time_fee').notNull().default(0),
    billingScheme: varchar('billing_scheme', { length: 16 })
      .$type<BillingScheme>()
      .notNull()
      .default('per_unit'),
    /** Ascending by up_to, the last open-ended (up_to null); only with billing_scheme tiered. */
    tiers: jsonb('tiers').$type<PriceTier[] | null>(),
    tiersMode: varchar('tiers_mode', { length: 16 }).$type<TiersMode | null>(),
    /** Days before a recurring plan's first charge; 0 for none. */
    trialPeriodDays: integer('trial_period_days').notNull().default(0),
    stripePriceId: varchar('stripe_price_id', { length: 64 }),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_product_template_id_interval_count_idx').on(t.productTemplateId, t.intervalCount),
    index('products_organization_id_type_idx').on(t.organizationId, t.type),
    index('products_stripe_price_id_idx').on(t.stripePriceId),
    check('products_unit_amount_check', sql`${t.unitAmount} >= 0`),
    check(
      'products_interval_check',
      sql`(${t.pricingType} = 'one_time' and ${t.intervalCount} = 0) or (${t.pricingType} = 'recurring' and ${t.intervalCount} > 0)`,
    ),
    check('products_one_time_fee_check', sql`${t.oneTimeFee} >= 0`),
    check(
      'products_trial_period_days_check',
      sql`${t.trialPeriodDays} between 0 and 730 and (${t.trialPeriodDays} = 0 or ${t.pricingType} = 'recurring')`,
    ),
    check(
      'products_billing_scheme_check',
      // never NULL (a NULL check passes): a tiered price needs a non-empty tier array and a mode
      sql`case when ${t.billingScheme} = 'per_unit' then ${t.tiers} is null and ${t.tiersMode} is null when ${t.billingScheme} = 'tiered' then coalesce(${t.tiersMode} in ('volume', 'graduated'), false) and coalesce(jsonb_typeof(${t.tiers}) = 'array', false) and (case when jsonb_typeof(${t.tiers}) = 'array' then jsonb_array_length(${t.tiers}) > 0 else false end) else false end`,
    ),
  ],
);
