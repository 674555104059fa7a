import type {
  CataloguePrice,
  CatalogueProduct,
  CatalogueTemplateNew,
  CatalogueTemplatePatch,
} from '@portal/domain/contracts/care-catalogue';
import type { PricingType, ProductType } from '@portal/domain/contracts/product';
import { and, asc, eq, ilike, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { RowOf } from '../../db/row-of';
import { orders } from '../../db/schema/orders';
import { products, productTemplates } from '../../db/schema/products';
import { subscriptions } from '../../db/schema/subscriptions';
import { isUniqueViolation } from '../../platform/db-errors';

const templateColumns = {
  id: productTemplates.id,
  type: productTemplates.type,
  slug: productTemplates.slug,
  name: productTemplates.name,
  productName: productTemplates.productName,
  description: productTemplates.description,
  productImages: productTemplates.productImages,
  shop: productTemplates.shop,
  showInShop: productTemplates.showInShop,
  active: productTemplates.active,
  sortOrder: productTemplates.sortOrder,
};
type TemplateRow = RowOf<typeof templateColumns>;

/**
 * Whether an order or a subscription names the price: orders by their indexed product_id, subscriptions by
 * their product lines, among the organization's subscriptions only (indexed by organization).
 */
// the outer row's columns named in full: inside a subquery an unqualified "id" would be the subquery's own
const outerId = sql.raw('"products"."id"');
const outerOrganization = sql.raw('"products"."organization_id"');
const priceInUse = sql<boolean>`(exists (select 1 from ${orders} where ${orders.productId} = ${outerId})
  or exists (select 1 from ${subscriptions} where ${subscriptions.organizationId} = ${outerOrganization}
    and ${subscriptions.productPlans} @> jsonb_build_array(jsonb_build_object('product', ${outerId}::text))))`;

const priceColumns = {
  id: products.id,
  productTemplateId: products.productTemplateId,
  name: products.name,
  pricingType: products.pricingType,
  unitAmount: products.unitAmount,
  currency: products.currency,
  intervalCount: products.intervalCount,
  oneTimeFee: products.oneTimeFee,
  billingScheme: products.billingScheme,
  trialPeriodDays: products.trialPeriodDays,
  isDefault: products.isDefault,
  active: products.active,
  sortOrder: products.sortOrder,
};
type PriceRow = RowOf<typeof priceColumns> & { inUse: boolean };

const toPrice = (r: PriceRow): CataloguePrice => ({
  id: r.id,
  name: r.name,
  pricing_type: r.pricingType,
  unit_amount: r.unitAmount,
  currency: r.currency,
  interval_count: r.intervalCount,
  one_time_fee: r.oneTimeFee,
  billing_scheme: r.billingScheme,
  trial_period_days: r.trialPeriodDays,
  default: r.isDefault,
  active: r.active,
  sort_order: r.sortOrder,
  in_use: Boolean(r.inUse),
});

const toProduct = (r: TemplateRow, prices: CataloguePrice[]): CatalogueProduct => ({
  id: r.id,
  type: r.type,
  slug: r.slug,
  name: r.name,
  product_name: r.productName,
  description: r.description,
  product_images: r.productImages,
  shop: { tags: r.shop?.tags ?? [], benefits: r.shop?.benefits ?? [] },
  show_in_shop: r.showInShop,
  active: r.active,
  sort_order: r.sortOrder,
  prices,
});

/** 'Omega-3 Longevity Blend!' → 'omega-3-longevity-blend'. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 56)
    .replace(/-+$/, '');
  return slug || 'product';
}

function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export type PriceValues = {
  name: string;
  pricingType: PricingType;
  unitAmount: number;
  intervalCount: number;
  oneTimeFee: number;
  trialPeriodDays: number;
  isDefault: boolean;
  active: boolean;
  sortOrder: number;
};

/**
 * The clinic's catalogue as its admin edits it: every product template of the organization, active or not,
 * with all of its priced variants. Every query is scoped to the organization, so another clinic's id reads
 * as missing.
 */
export function createCatalogueRepository(db: Db) {
  async function pricesOf(
    organizationId: string,
    templateIds: string[],
  ): Promise<Map<string, CataloguePrice[]>> {
    const byTemplate = new Map<string, CataloguePrice[]>();
    if (templateIds.length === 0) return byTemplate;
    const rows = (await db
      .select({ ...priceColumns, inUse: priceInUse })
      .from(products)
      .where(
        and(eq(products.organizationId, organizationId), inArray(products.productTemplateId, templateIds)),
      )
      .orderBy(
        asc(products.productTemplateId),
        asc(products.intervalCount),
        asc(products.sortOrder),
        asc(products.unitAmount),
        asc(products.id),
      )) as PriceRow[];
    for (const r of rows) {
      const list = byTemplate.get(r.productTemplateId) ?? [];
      list.push(toPrice(r));
      byTemplate.set(r.productTemplateId, list);
    }
    return byTemplate;
  }

  async function withPrices(organizationId: string, rows: TemplateRow[]): Promise<CatalogueProduct[]> {
    const prices = await pricesOf(
      organizationId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toProduct(r, prices.get(r.id) ?? []));
  }

  async function templateRow(organizationId: string, id: string): Promise<TemplateRow | undefined> {
    const [row] = await db
      .select(templateColumns)
      .from(productTemplates)
      .where(and(eq(productTemplates.id, id), eq(productTemplates.organizationId, organizationId)))
      .limit(1);
    return row;
  }

  /** The first of slug, slug-2, slug-3... that the organization does not use. */
  async function freeSlug(organizationId: string, name: string): Promise<string> {
    const base = slugOf(name);
    const taken = new Set(
      (
        await db
          .select({ slug: productTemplates.slug })
          .from(productTemplates)
          .where(
            and(eq(productTemplates.organizationId, organizationId), like(productTemplates.slug, `${base}%`)),
          )
      ).map((r) => r.slug),
    );
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  return {
    async list(
      organizationId: string,
      q: { search?: string; type?: ProductType },
    ): Promise<CatalogueProduct[]> {
      const where: (SQL | undefined)[] = [eq(productTemplates.organizationId, organizationId)];
      if (q.type) where.push(eq(productTemplates.type, q.type));
      if (q.search) {
        const pattern = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        where.push(
          or(
            ilike(productTemplates.name, pattern),
            ilike(productTemplates.productName, pattern),
            ilike(productTemplates.slug, pattern),
          ),
        );
      }
      const rows = await db
        .select(templateColumns)
        .from(productTemplates)
        .where(and(...where))
        .orderBy(asc(productTemplates.sortOrder), asc(productTemplates.name), asc(productTemplates.id));
      return withPrices(organizationId, rows);
    },

    async find(organizationId: string, id: string): Promise<CatalogueProduct | undefined> {
      const row = await templateRow(organizationId, id);
      return row && (await withPrices(organizationId, [row]))[0];
    },

    /** The template's type, or undefined when the organization has no such template. */
    async typeOf(organizationId: string, id: string): Promise<ProductType | undefined> {
      return (await templateRow(organizationId, id))?.type;
    },

    /** The types of the active templates among the ids, for banners that start a visit of one. */
    async activeTypes(organizationId: string, ids: string[]): Promise<Map<string, ProductType>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: productTemplates.id, type: productTemplates.type })
        .from(productTemplates)
        .where(
          and(
            eq(productTemplates.organizationId, organizationId),
            eq(productTemplates.active, true),
            inArray(productTemplates.id, ids),
          ),
        );
      return new Map(rows.map((r) => [r.id, r.type]));
    },

    /** A new template; two adds of one name at once get slug and slug-2 (the unique index decides). */
    async create(organizationId: string, body: CatalogueTemplateNew): Promise<string> {
      for (let attempt = 1; ; attempt++) {
        const slug = await freeSlug(organizationId, body.name);
        try {
          const [row] = await db
            .insert(productTemplates)
            .values({
              organizationId,
              type: body.type,
              slug,
              name: body.name,
              productName: body.product_name,
              description: body.description,
              productImages: body.product_images,
              shop: body.shop,
              showInShop: body.show_in_shop,
              active: body.active,
              sortOrder: body.sort_order,
            })
            .returning({ id: productTemplates.id });
          return row!.id;
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 3) throw error;
        }
      }
    },

    /** False when the organization has no such template. */
    async update(organizationId: string, id: string, patch: CatalogueTemplatePatch): Promise<boolean> {
      const set: Partial<typeof productTemplates.$inferInsert> = {};
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.product_name !== undefined) set.productName = patch.product_name;
      if (patch.description !== undefined) set.description = patch.description;
      if (patch.product_images !== undefined) set.productImages = patch.product_images;
      if (patch.shop !== undefined) set.shop = patch.shop;
      if (patch.show_in_shop !== undefined) set.showInShop = patch.show_in_shop;
      if (patch.active !== undefined) set.active = patch.active;
      if (patch.sort_order !== undefined) set.sortOrder = patch.sort_order;
      const rows = await db
        .update(productTemplates)
        .set(set)
        .where(and(eq(productTemplates.id, id), eq(productTemplates.organizationId, organizationId)))
        .returning({ id: productTemplates.id });
      return rows.length > 0;
    },

    async price(
      organizationId: string,
      templateId: string,
      priceId: string,
    ): Promise<(CataloguePrice & { type: ProductType }) | undefined> {
      const [row] = (await db
        .select({ ...priceColumns, inUse: priceInUse, type: products.type })
        .from(products)
        .where(
          and(
            eq(products.id, priceId),
            eq(products.productTemplateId, templateId),
            eq(products.organizationId, organizationId),
          ),
        )
        .limit(1)) as (PriceRow & { type: ProductType })[];
      return row && { ...toPrice(row), type: row.type };
    },

    async createPrice(
      organizationId: string,
      templateId: string,
      type: ProductType,
      values: PriceValues,
    ): Promise<string> {
      const [row] = await db
        .insert(products)
        .values({ organizationId, productTemplateId: templateId, type, ...values })
        .returning({ id: products.id });
      return row!.id;
    },

    async updatePrice(
      organizationId: string,
      templateId: string,
      priceId: string,
      values: Partial<PriceValues>,
    ): Promise<void> {
      await db
        .update(products)
        .set(values)
        .where(
          and(
            eq(products.id, priceId),
            eq(products.productTemplateId, templateId),
            eq(products.organizationId, organizationId),
          ),
        );
    },

    /**
     * Deletes a price nothing names; one an order, a subscription or a parcel names is only taken off sale,
     * so the records that name it keep reading.
     */
    async removePrice(
      organizationId: string,
      templateId: string,
      priceId: string,
      inUse: boolean,
    ): Promise<'deleted' | 'deactivated'> {
      const where = and(
        eq(products.id, priceId),
        eq(products.productTemplateId, templateId),
        eq(products.organizationId, organizationId),
      );
      if (!inUse) {
        try {
          await db.delete(products).where(where);
          return 'deleted';
        } catch (error) {
          if (!isForeignKeyViolation(error)) throw error;
        }
      }
      await db.update(products).set({ active: false, isDefault: false }).where(where);
      return 'deactivated';
    },
  };
}
export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
