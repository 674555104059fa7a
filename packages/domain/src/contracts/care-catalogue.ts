import { z } from 'zod';
import { Id } from './common';
import { PricingType, ProductType } from './product';
import { ShopFilterType } from './shop';

/**
 * What a clinic's admin sends to change its shop and its catalogue in the care workspace (issue 15). The
 * shop's own reading contract (contracts/shop.ts) stays lenient so a newer stored value never breaks the
 * shop; these bodies are strict, and every message names what to fix.
 */

export const SHOP_LIMITS = {
  banners: 12,
  title: 200,
  label: 60,
  filters: 3,
  values: 20,
  value: 50,
  url: 500,
} as const;

export const BANNER_ACTION_TYPES = ['external-link', 'medication-visit', 'lab-visit', 'in-app-path'] as const;
export const BannerActionType = z.enum(BANNER_ACTION_TYPES, { error: 'Choose what the button does.' });
export type BannerActionType = z.infer<typeof BannerActionType>;

export const BANNER_ACTION_LABELS: Readonly<Record<BannerActionType, string>> = {
  'external-link': 'Open a web page',
  'medication-visit': 'Start a medication visit',
  'lab-visit': 'Book a lab visit',
  'in-app-path': 'Go to a page of the portal',
};

const mode = z.enum(['light', 'dark'], { error: 'Choose light or dark text.' });

const HEX = /^#[0-9a-fA-F]{6}$/;
/** An https address, or a path of this site (the seeded images live under /brands/...). */
const IMAGE = /^(https:\/\/[^\s/?#]+[^\s]*|\/(?!\/)[^\s]*)$/i;
const HTTPS = /^https:\/\/[^\s/?#]+[^\s]*$/i;
/** A path below the patient's dashboard: segments of letters, digits, - and _, optional query. */
const IN_APP_PATH = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*([?#][^\s]*)?$/;

const text = (what: string, max: number) =>
  z
    .string({ error: `Write the ${what}.` })
    .trim()
    .min(1, `Write the ${what}.`)
    .max(max, `The ${what} is at most ${max} characters.`);

export const BannerActionInput = z
  .object({
    type: BannerActionType,
    value: z.string({ error: 'Say where the button leads.' }).trim().max(SHOP_LIMITS.url),
    mode,
  })
  .strict()
  .superRefine((action, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['value'], message });
    switch (action.type) {
      case 'external-link':
        if (!HTTPS.test(action.value)) issue('Give a web address that starts with https://.');
        break;
      case 'medication-visit':
      case 'lab-visit':
        if (!Id.safeParse(action.value).success) issue('Choose the product the visit is for.');
        break;
      case 'in-app-path':
        if (!IN_APP_PATH.test(action.value.replace(/^\/+/, '')))
          issue('Give a portal page such as labs or subscriptions.');
        break;
    }
  })
  .transform((a) => (a.type === 'in-app-path' ? { ...a, value: a.value.replace(/^\/+/, '') } : a));

/** One slide of the shop's hero carousel as an admin writes it. */
export const BannerInput = z
  .object({
    title: z.object({ value: text('title', SHOP_LIMITS.title), mode }).strict(),
    label_name: z.object({ value: text('button label', SHOP_LIMITS.label), mode }).strict(),
    action: BannerActionInput,
    background_color: z
      .string({ error: 'Give the background colour as #RRGGBB.' })
      .trim()
      .regex(HEX, 'Give the background colour as #RRGGBB, for example #0b4a37.')
      .transform((c) => c.toLowerCase()),
    image: z
      .string()
      .trim()
      .max(SHOP_LIMITS.url, `The image address is at most ${SHOP_LIMITS.url} characters.`)
      .refine((v) => v === '' || IMAGE.test(v), 'Give an image address that starts with https:// or /.')
      .optional()
      .transform((v) => v || undefined),
    carousel_indicators: z.object({ mode }).strict(),
  })
  .strict();
export type BannerInput = z.input<typeof BannerInput>;

export const FilterInput = z
  .object({
    type: z.enum(ShopFilterType.options, { error: 'Choose what the filter group lists.' }),
    valid_values: z
      .array(
        z
          .string()
          .trim()
          .min(1, 'A filter value cannot be empty.')
          .max(SHOP_LIMITS.value, `A filter value is at most ${SHOP_LIMITS.value} characters.`),
      )
      .max(SHOP_LIMITS.values, `A filter group has at most ${SHOP_LIMITS.values} values.`),
  })
  .strict()
  .superRefine((filter, ctx) => {
    const seen = new Set<string>();
    filter.valid_values.forEach((v, i) => {
      const key = v.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['valid_values', i], message: `"${v}" is listed twice.` });
      seen.add(key);
      if (filter.type === 'type' && !ProductType.safeParse(v).success)
        ctx.addIssue({
          code: 'custom',
          path: ['valid_values', i],
          message: `"${v}" is not a product type (${ProductType.options.join(', ')}).`,
        });
    });
  });

/** PUT /care/{org}/shop-settings: the whole of the shop's settings, banners and filter groups in order. */
export const ShopSettingsBody = z
  .object({
    banners: z
      .array(BannerInput)
      .max(SHOP_LIMITS.banners, `The shop shows at most ${SHOP_LIMITS.banners} banners.`),
    filters: z
      .array(FilterInput)
      .max(SHOP_LIMITS.filters, `The shop has at most ${SHOP_LIMITS.filters} filter groups.`),
  })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.filters.forEach((f, i) => {
      if (seen.has(f.type))
        ctx.addIssue({ code: 'custom', path: ['filters', i, 'type'], message: 'Each filter group once.' });
      seen.add(f.type);
    });
  });
export type ShopSettingsBody = z.input<typeof ShopSettingsBody>;
export type ShopSettingsInput = z.output<typeof ShopSettingsBody>;

// ---------------------------------------------------------------------------------------------------------
// The catalogue: product templates and their priced variants (plans)

export const CATALOGUE_LIMITS = {
  name: 120,
  description: 4000,
  images: 8,
  tags: 12,
  tag: 40,
  benefits: 8,
  benefitTitle: 80,
  benefitText: 400,
  sortOrder: 10_000,
  amount: 10_000_000,
  intervalCount: 36,
  trialDays: 730,
} as const;

export const PRODUCT_TYPE_LABELS: Readonly<Record<ProductType, string>> = {
  medication: 'Medication',
  lab: 'Lab',
  supplement: 'Supplement',
  coaching_membership: 'Coaching membership',
};

const Image = z
  .string()
  .trim()
  .min(1, 'An image address cannot be empty.')
  .max(SHOP_LIMITS.url, `An image address is at most ${SHOP_LIMITS.url} characters.`)
  .regex(IMAGE, 'Give an image address that starts with https:// or /.');

const Tag = z
  .object({
    label: text('tag', CATALOGUE_LIMITS.tag),
    main: z.boolean().optional(),
  })
  .strict();

const Benefit = z
  .object({
    title: text('benefit title', CATALOGUE_LIMITS.benefitTitle),
    description: z
      .string()
      .trim()
      .max(CATALOGUE_LIMITS.benefitText, `A benefit is at most ${CATALOGUE_LIMITS.benefitText} characters.`),
  })
  .strict();

const SortOrder = z
  .number({ error: 'Give the position as a whole number.' })
  .int('Give the position as a whole number.')
  .min(0, 'The position is 0 or more.')
  .max(CATALOGUE_LIMITS.sortOrder, `The position is at most ${CATALOGUE_LIMITS.sortOrder}.`);

const templateFields = {
  name: text('name', CATALOGUE_LIMITS.name),
  product_name: text('product name', CATALOGUE_LIMITS.name),
  description: z
    .string()
    .trim()
    .max(
      CATALOGUE_LIMITS.description,
      `The description is at most ${CATALOGUE_LIMITS.description} characters.`,
    ),
  product_images: z.array(Image).max(CATALOGUE_LIMITS.images, `At most ${CATALOGUE_LIMITS.images} images.`),
  shop: z
    .object({
      tags: z.array(Tag).max(CATALOGUE_LIMITS.tags, `At most ${CATALOGUE_LIMITS.tags} tags.`),
      benefits: z
        .array(Benefit)
        .max(CATALOGUE_LIMITS.benefits, `At most ${CATALOGUE_LIMITS.benefits} benefits.`),
    })
    .strict(),
  show_in_shop: z.boolean({ error: 'Say whether the shop lists it.' }),
  active: z.boolean({ error: 'Say whether it is on sale.' }),
  sort_order: SortOrder,
};

const uniqueTags = (shop: { tags: { label: string }[] } | undefined, ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  shop?.tags.forEach((t, i) => {
    const key = t.label.toLowerCase();
    if (seen.has(key))
      ctx.addIssue({
        code: 'custom',
        path: ['shop', 'tags', i, 'label'],
        message: `"${t.label}" is listed twice.`,
      });
    seen.add(key);
  });
};

/** POST /care/{org}/catalogue: a new product; the type is chosen once, its plans carry it. */
export const CatalogueTemplateCreate = z
  .object({
    type: z.enum(ProductType.options, { error: 'Choose the type of product.' }),
    ...templateFields,
    description: templateFields.description.default(''),
    product_images: templateFields.product_images.default([]),
    shop: templateFields.shop.default({ tags: [], benefits: [] }),
    show_in_shop: templateFields.show_in_shop.default(false),
    active: templateFields.active.default(true),
    sort_order: SortOrder.default(0),
  })
  .strict()
  .superRefine((b, ctx) => uniqueTags(b.shop, ctx));
export type CatalogueTemplateCreate = z.input<typeof CatalogueTemplateCreate>;
/** A new product as checked: every default filled in. */
export type CatalogueTemplateNew = z.output<typeof CatalogueTemplateCreate>;

/** PATCH /care/{org}/catalogue/{id}: the fields sent replace theirs. */
export const CatalogueTemplatePatch = z
  .object(templateFields)
  .partial()
  .strict()
  .superRefine((b, ctx) => uniqueTags(b.shop, ctx))
  .refine((b) => Object.keys(b).length > 0, 'Send at least one field to change.');
export type CatalogueTemplatePatch = z.input<typeof CatalogueTemplatePatch>;

const priceFields = {
  name: text('plan name', CATALOGUE_LIMITS.name),
  pricing_type: z.enum(PricingType.options, { error: 'Choose one-time or recurring.' }),
  unit_amount: z
    .number({ error: 'Give the price in cents.' })
    .int('Give the price in whole cents.')
    .min(0, 'The price cannot be negative.')
    .max(CATALOGUE_LIMITS.amount, 'The price is at most $100,000.'),
  interval_count: z
    .number({ error: 'Give the months per billing period.' })
    .int('Give the months as a whole number.')
    .min(0, 'The months cannot be negative.')
    .max(CATALOGUE_LIMITS.intervalCount, `At most ${CATALOGUE_LIMITS.intervalCount} months per period.`),
  /** Charged once with the first payment, beside the plan (an enrolment fee), in cents. */
  one_time_fee: z
    .number({ error: 'Give the one-time fee in cents.' })
    .int('Give the one-time fee in whole cents.')
    .min(0, 'The one-time fee cannot be negative.')
    .max(CATALOGUE_LIMITS.amount, 'The one-time fee is at most $100,000.'),
  /** Days free before the first charge of a recurring plan. */
  trial_period_days: z
    .number({ error: 'Give the trial in days.' })
    .int('Give the trial in whole days.')
    .min(0, 'The trial cannot be negative.')
    .max(CATALOGUE_LIMITS.trialDays, `A trial is at most ${CATALOGUE_LIMITS.trialDays} days.`),
  default: z.boolean(),
  active: z.boolean(),
  sort_order: SortOrder,
};

/** A free trial delays the first charge of a plan: only a recurring price has one. */
export function trialProblem(pricingType: PricingType, trialDays: number): string | null {
  return trialDays > 0 && pricingType !== 'recurring' ? 'Only a recurring price has a free trial.' : null;
}

/** A one-time price bills once (0 months); a recurring one every 1 to 36 months. */
export function intervalProblem(pricingType: PricingType, intervalCount: number): string | null {
  if (pricingType === 'one_time' && intervalCount !== 0)
    return 'A one-time price has no billing period: 0 months.';
  if (pricingType === 'recurring' && intervalCount < 1)
    return 'A recurring price bills every 1 month or more.';
  return null;
}

/** POST /care/{org}/catalogue/{id}/prices: a new plan of the product. */
export const CataloguePriceCreate = z
  .object({
    ...priceFields,
    one_time_fee: priceFields.one_time_fee.default(0),
    trial_period_days: priceFields.trial_period_days.default(0),
    default: priceFields.default.default(false),
    active: priceFields.active.default(true),
    sort_order: SortOrder.default(0),
  })
  .strict()
  .superRefine((b, ctx) => {
    const problem = intervalProblem(b.pricing_type, b.interval_count);
    if (problem) ctx.addIssue({ code: 'custom', path: ['interval_count'], message: problem });
    const trial = trialProblem(b.pricing_type, b.trial_period_days);
    if (trial) ctx.addIssue({ code: 'custom', path: ['trial_period_days'], message: trial });
  });
export type CataloguePriceCreate = z.input<typeof CataloguePriceCreate>;
/** A new price as checked: every default filled in. */
export type CataloguePriceNew = z.output<typeof CataloguePriceCreate>;

/** PATCH /care/{org}/catalogue/{id}/prices/{priceId}: the fields sent replace theirs. */
export const CataloguePricePatch = z
  .object(priceFields)
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'Send at least one field to change.');
export type CataloguePricePatch = z.input<typeof CataloguePricePatch>;

export const CataloguePrice = z.object({
  id: Id,
  name: z.string(),
  pricing_type: PricingType,
  unit_amount: z.number().int(),
  currency: z.string(),
  interval_count: z.number().int(),
  one_time_fee: z.number().int(),
  /** per_unit, or tiered (its tiers are set outside this editor, and its amount is not edited here). */
  billing_scheme: z.string(),
  trial_period_days: z.number().int(),
  default: z.boolean(),
  active: z.boolean(),
  sort_order: z.number().int(),
  /** Sold at least once (an order or a subscription names it): it can be deactivated, not deleted. */
  in_use: z.boolean(),
});
export type CataloguePrice = z.infer<typeof CataloguePrice>;

export const CatalogueProduct = z.object({
  id: Id,
  type: ProductType,
  slug: z.string(),
  name: z.string(),
  product_name: z.string(),
  description: z.string(),
  product_images: z.array(z.string()),
  shop: z.object({
    tags: z.array(z.object({ label: z.string(), main: z.boolean().optional() })),
    benefits: z.array(z.object({ title: z.string(), description: z.string() })),
  }),
  show_in_shop: z.boolean(),
  active: z.boolean(),
  sort_order: z.number().int(),
  prices: z.array(CataloguePrice),
});
export type CatalogueProduct = z.infer<typeof CatalogueProduct>;

export const CatalogueList = z.object({ products: z.array(CatalogueProduct) });
export type CatalogueList = z.infer<typeof CatalogueList>;

/** DELETE of a plan: removed when nothing names it, else kept for the records and taken off sale. */
export const CataloguePriceRemoval = z.object({
  id: Id,
  outcome: z.enum(['deleted', 'deactivated']),
});
export type CataloguePriceRemoval = z.infer<typeof CataloguePriceRemoval>;
