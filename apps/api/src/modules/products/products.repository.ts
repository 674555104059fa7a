import type { Membership } from '@portal/domain/contracts/membership';
import type {
  Product,
  ProductTemplate,
  ProductTemplatePage,
  ProductType,
} from '@portal/domain/contracts/product';
import { and, asc, count, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jsonRow } from '../../db/json-row';
import type { RowOf } from '../../db/row-of';
import { products, productTemplates } from '../../db/schema/products';
import type { MembershipsRepository } from '../memberships/memberships.repository';

const templateColumns = {
  id: productTemplates.id,
  organizationId: productTemplates.organizationId,
  type: productTemplates.type,
  slug: productTemplates.slug,
  name: productTemplates.name,
  productName: productTemplates.productName,
  description: productTemplates.description,
  medicationType: productTemplates.medicationType,
  dosageType: productTemplates.dosageType,
  productImages: productTemplates.productImages,
  productFeatures: productTemplates.productFeatures,
  productUrl: productTemplates.productUrl,
  testimonials: productTemplates.testimonials,
  doseQuantity: productTemplates.doseQuantity,
  doseRecommendation: productTemplates.doseRecommendation,
  doseSelectionText: productTemplates.doseSelectionText,
  dosageStrengths: productTemplates.dosageStrengths,
  dosageFrequencies: productTemplates.dosageFrequencies,
  shippingFrequencies: productTemplates.shippingFrequencies,
  settings: productTemplates.settings,
  shop: productTemplates.shop,
  attachments: productTemplates.attachments,
  intakeTemplateId: productTemplates.intakeTemplateId,
  membershipId: productTemplates.membershipId,
  featured: productTemplates.featured,
  showInShop: productTemplates.showInShop,
};
type TemplateRow = RowOf<typeof templateColumns>;

const productColumns = {
  id: products.id,
  productTemplateId: products.productTemplateId,
  type: products.type,
  name: products.name,
  stripePriceId: products.stripePriceId,
  pricingType: products.pricingType,
  unitAmount: products.unitAmount,
  currency: products.currency,
  intervalCount: products.intervalCount,
  isDefault: products.isDefault,
  planProperties: products.planProperties,
  oneTimeFee: products.oneTimeFee,
  billingScheme: products.billingScheme,
  tiers: products.tiers,
  tiersMode: products.tiersMode,
  trialPeriodDays: products.trialPeriodDays,
};
type ProductRow = RowOf<typeof productColumns>;

function toProductTemplate(row: TemplateRow, membership: Membership | null): ProductTemplate {
  return {
    _id: row.id,
    organization: row.organizationId,
    type: row.type,
    slug: row.slug,
    name: row.name,
    product_name: row.productName,
    description: row.description,
    medication_type: row.medicationType,
    medicationType: row.medicationType,
    dosage_type: row.dosageType,
    product_images: row.productImages,
    product_features: row.productFeatures,
    product_url: row.productUrl,
    testimonials: row.testimonials,
    dose_quantity: row.doseQuantity,
    dose_recommendation: row.doseRecommendation,
    dose_selection_text: row.doseSelectionText ?? null,
    dosage_strengths: row.dosageStrengths,
    dosage_frequencies: row.dosageFrequencies,
    shipping_frequencies: row.shippingFrequencies,
    settings: row.settings,
    shop: row.shop,
    attachments: row.attachments,
    intake_template: row.intakeTemplateId,
    membership,
    featured: row.featured,
    show_in_shop: row.showInShop,
  };
}

export function toProduct(row: ProductRow): Product {
  const recurring = row.pricingType === 'recurring';
  return {
    _id: row.id,
    product_template: row.productTemplateId,
    type: row.type,
    name: row.name,
    stripe_price_id: row.stripePriceId,
    pricing: {
      type: row.pricingType,
      unit_amount: row.unitAmount,
      currency: row.currency,
      default: row.isDefault,
      interval_count: row.intervalCount,
      interval: recurring ? 'month' : null,
      per_month_cost: recurring ? Math.round(row.unitAmount / row.intervalCount) : null,
      recurring: { is_recurring: recurring },
      // 002 §3's broader pricing fields (Stripe's Price): a setup fee, per-unit or tiered pricing, a trial.
      one_time_fee: row.oneTimeFee,
      billing_scheme: row.billingScheme,
      tiers: row.tiers ?? null,
      tiers_mode: row.tiersMode ?? null,
      trial_period_days: row.trialPeriodDays,
    },
    plan_properties: row.planProperties,
  };
}

export type ShopQuery = { page: number; limit: number; types: ProductType[]; tags: string[] };

/**
 * The catalogue: product templates and their priced variants. Every read is scoped to one organization and
 * to active rows, so an id of another clinic reads as missing.
 */
export function createProductsRepository(db: Db, memberships: MembershipsRepository) {
  const templateJson = jsonRow(templateColumns);
  const activeIn = (organizationId: string | Placeholder) =>
    and(eq(productTemplates.organizationId, organizationId), eq(productTemplates.active, true));
  const templateById = db
    .select({ row: templateJson.sql })
    .from(productTemplates)
    .where(and(eq(productTemplates.id, sql.placeholder('id')), activeIn(sql.placeholder('organizationId'))))
    .limit(1)
    .prepare('product_template_by_id');
  const productsOfTemplate = db
    .select(productColumns)
    .from(products)
    .where(
      and(
        eq(products.productTemplateId, sql.placeholder('templateId')),
        eq(products.organizationId, sql.placeholder('organizationId')),
        eq(products.active, true),
      ),
    )
    .orderBy(asc(products.intervalCount), asc(products.sortOrder), asc(products.unitAmount))
    .prepare('products_of_template');

  /** Templates with their memberships, in the order of the rows given. */
  async function withMemberships(organizationId: string, rows: TemplateRow[]): Promise<ProductTemplate[]> {
    const ids = [...new Set(rows.map((r) => r.membershipId).filter((id): id is string => Boolean(id)))];
    const found = await memberships.findMany(organizationId, ids);
    return rows.map((r) => toProductTemplate(r, (r.membershipId && found.get(r.membershipId)) || null));
  }

  async function templateRow(organizationId: string, id: string): Promise<TemplateRow | undefined> {
    const [hit] = (await templateById.execute({ id, organizationId })) as { row: string }[];
    return hit && templateJson.parse(hit.row);
  }

  return {
    async findTemplate(organizationId: string, id: string): Promise<ProductTemplate | undefined> {
      const row = await templateRow(organizationId, id);
      return row && (await withMemberships(organizationId, [row]))[0];
    },
    /** The templates of the ids found in the organization, in the order asked; unknown ids are left out. */
    async findTemplates(organizationId: string, ids: string[]): Promise<ProductTemplate[]> {
      const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
      const rows = await db
        .select(templateColumns)
        .from(productTemplates)
        .where(and(activeIn(organizationId), inArray(productTemplates.id, unique)));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const ordered = unique.map((id) => byId.get(id)).filter((r): r is TemplateRow => Boolean(r));
      return withMemberships(organizationId, ordered);
    },
    /** The priced variants of a template, by interval count; undefined when the template is not found. */
    async productsOf(organizationId: string, templateId: string): Promise<Product[] | undefined> {
      if (!(await templateRow(organizationId, templateId))) return undefined;
      const rows = (await productsOfTemplate.execute({ templateId, organizationId })) as ProductRow[];
      return rows.map(toProduct);
    },
    /** A page of the templates listed in the shop, filtered by types and by any of the tags. */
    async shopPage(organizationId: string, q: ShopQuery): Promise<ProductTemplatePage> {
      const filters: SQL[] = [eq(productTemplates.showInShop, true)];
      if (q.types.length > 0) filters.push(inArray(productTemplates.type, q.types));
      if (q.tags.length > 0) {
        const wanted = sql.join(
          q.tags.map((t) => sql`${t.toLowerCase()}`),
          sql`, `,
        );
        filters.push(
          sql`exists (select 1 from jsonb_array_elements(${productTemplates.shop} -> 'tags') as tag where lower(tag ->> 'label') in (${wanted}))`,
        );
      }
      const where = and(activeIn(organizationId), ...filters);
      // The count and the page are independent: asked together, on a server they run on two connections.
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(productTemplates).where(where),
        db
          .select(templateColumns)
          .from(productTemplates)
          .where(where)
          .orderBy(asc(productTemplates.sortOrder), asc(productTemplates.name), asc(productTemplates.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
      ]);
      const totalDocs = total?.n ?? 0;
      const totalPages = Math.ceil(totalDocs / q.limit);
      return {
        docs: await withMemberships(organizationId, rows),
        page: q.page,
        limit: q.limit,
        totalDocs,
        totalPages,
        hasNextPage: q.page < totalPages,
        hasPrevPage: q.page > 1,
      };
    },
  };
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>;
