import { z } from 'zod';
import { BILLING_SCHEMES, TIERS_MODES } from '../pricing/price-scheme';
import { PRODUCT_TYPES } from '../products/product-types';
import { Id } from './common';
import { Membership } from './membership';

export const ProductType = z.enum(PRODUCT_TYPES);
export type ProductType = z.infer<typeof ProductType>;

export const PricingType = z.enum(['one_time', 'recurring']);
export type PricingType = z.infer<typeof PricingType>;

const TitledText = z.object({ title: z.string(), description: z.string() });

export const DosageFrequency = z.object({
  frequency: z.object({ label: z.string(), count: z.number() }),
  instructions: z.string(),
  has_custom_quantity: z.boolean(),
  custom_quantity: z.object({ min: z.number(), max: z.number(), default: z.number() }).optional(),
  monthly_units: z.number(),
  count: z.number(),
});

/** A tier of a tiered price: quantities up to `up_to` (null: any above), per unit plus a flat amount, cents. */
export const PriceTier = z.object({
  up_to: z.number().int().positive().nullable(),
  unit_amount: z.number().int().nonnegative(),
  flat_amount: z.number().int().nonnegative().nullable().optional(),
});

/** A plan length; 0 months is one-time. */
export const ShippingFrequency = z.object({
  months: z.number().int(),
  type: PricingType,
  default: z.boolean().optional(),
  best_value: z.boolean().optional(),
  non_recurring: z.boolean().optional(),
});

/** How a product template shows as a protocol card (000 §2 Screen 7): the clinic's catalogue decides, no slug. */
export const ProtocolSettings = z.object({
  /** The recommended protocol: badge and featured style. */
  featured: z.boolean().optional(),
  /** Position among the cards, lowest first; cards without one follow in catalogue order. */
  order: z.number().int().optional(),
});
export type ProtocolSettings = z.infer<typeof ProtocolSettings>;

/** A product as the clinic presents it (000 §3, 002 §3). `medicationType` repeats `medication_type`. */
export const ProductTemplate = z.object({
  _id: Id,
  organization: Id,
  type: ProductType,
  slug: z.string(),
  name: z.string(),
  product_name: z.string(),
  description: z.string(),
  medication_type: z.string().nullable(),
  medicationType: z.string().nullable(),
  dosage_type: z.string().nullable(),
  product_images: z.array(z.string()),
  product_features: z.array(TitledText),
  product_url: z.string().nullable(),
  testimonials: z.array(
    z.object({
      quote: z.string(),
      author: z.string(),
      title: z.string().optional(),
      image: z.string().optional(),
    }),
  ),
  dose_quantity: z.number().int(),
  dose_recommendation: z.number().int().nullable(),
  dose_selection_text: z
    .object({ starter: z.string(), recommended: z.string(), custom: z.string() })
    .nullable(),
  dosage_strengths: z.array(z.object({ strength: z.string() })),
  dosage_frequencies: z.array(DosageFrequency),
  shipping_frequencies: z.array(ShippingFrequency),
  settings: z.object({
    alternate_image: z.string().optional(),
    details_image: z.string().optional(),
    product_type: z.string().optional(),
    short_description: z.string().optional(),
    promotional_text: z.string().optional(),
    recommendation_request: z.boolean().optional(),
    /** Templates naming the same group replace each other in one visit (000 §4, 002 §4.11). */
    exclusive_group: z.string().optional(),
    /**
     * A card of the protocol selection screen (000 §2 Screen 7): the templates of one exclusive group that carry
     * it are the cards, `featured` marks the recommended one and `order` sorts them (lowest first).
     */
    protocol: ProtocolSettings.optional(),
  }),
  shop: z.object({
    benefits: z.array(TitledText),
    tags: z.array(z.object({ label: z.string(), main: z.boolean().optional() })),
  }),
  attachments: z.array(z.object({ name: z.string(), url: z.string() })),
  /** The intake template of the product's visit; null when the organization's global one applies. */
  intake_template: Id.nullable(),
  membership: Membership.nullable(),
  featured: z.boolean(),
  show_in_shop: z.boolean(),
});
export type ProductTemplate = z.infer<typeof ProductTemplate>;

export const PlanProperties = z.object({
  dosage_frequency: z.string().optional(),
  dosage_size: z.string().optional(),
  frequency: z.string().optional(),
  units_per_month: z.number().optional(),
  dosage_units: z.string().optional(),
  unit_form: z.string().optional(),
  tier: z.string().optional(),
});

/**
 * A priced variant of a template (002 §3). `unit_amount` is charged every `interval_count` months, in cents;
 * one-time prices have interval_count 0 and no per-month cost.
 */
export const Product = z.object({
  _id: Id,
  product_template: Id,
  type: ProductType,
  name: z.string(),
  stripe_price_id: z.string().nullable(),
  pricing: z.object({
    type: PricingType,
    unit_amount: z.number().int(),
    currency: z.string(),
    default: z.boolean(),
    interval_count: z.number().int(),
    interval: z.literal('month').nullable(),
    per_month_cost: z.number().int().nullable(),
    recurring: z.object({ is_recurring: z.boolean() }),
    /** 002 §3's broader pricing fields (Stripe's Price): a setup fee charged with the first payment only, cents. */
    one_time_fee: z.number().int().optional(),
    /** per_unit: unit_amount per unit; tiered: `tiers` price the quantity (`tiers_mode`). */
    billing_scheme: z.enum(BILLING_SCHEMES).optional(),
    tiers: z.array(PriceTier).nullable().optional(),
    tiers_mode: z.enum(TIERS_MODES).nullable().optional(),
    /** The first recurring charge comes this many days after the start; 0 for none. */
    trial_period_days: z.number().int().optional(),
  }),
  plan_properties: PlanProperties,
});
export type Product = z.infer<typeof Product>;

/** A page of the shop (002 §2.6): docs with the paging flags of the documents. */
export const ProductTemplatePage = z.object({
  docs: z.array(ProductTemplate),
  page: z.number().int(),
  limit: z.number().int(),
  totalDocs: z.number().int(),
  totalPages: z.number().int(),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
});
export type ProductTemplatePage = z.infer<typeof ProductTemplatePage>;
