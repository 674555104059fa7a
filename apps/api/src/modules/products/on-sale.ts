import { and, eq } from 'drizzle-orm';
import { products, productTemplates } from '../../db/schema/products';

/**
 * A priced product the organization sells now: the product and its template both active. For queries that
 * join products to product_templates; every place that sells or prices a product asks this one question.
 */
export const productOnSale = (organizationId: string) =>
  and(
    eq(products.organizationId, organizationId),
    eq(products.active, true),
    eq(productTemplates.active, true),
  );
