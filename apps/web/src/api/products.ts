import type {
  Product,
  ProductTemplate,
  ProductTemplatePage,
  ProductType,
} from '@portal/domain/contracts/product';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../lib/api-client';
import { PRODUCTS_PATH, productTemplatesPath } from './dashboard-reads';

export type { ProductTemplate };

export const productKeys = {
  template: (id: string) => ['product-template', id] as const,
  templateProducts: (id: string) => ['product-template', id, 'products'] as const,
  public: (id: string | null) => ['public-product', id] as const,
};

/** GET /product/{org}/template/{id} (000 §7): a product template with its membership. */
export function getProductTemplate(id: string, signal?: AbortSignal): Promise<ProductTemplate> {
  const org = requireOrganizationId();
  return apiRequest<ProductTemplate>(`/product/${seg(org)}/template/${seg(id)}`, { signal });
}

export function productTemplateQueryOptions(id: string) {
  return queryOptions({
    queryKey: productKeys.template(id),
    queryFn: ({ signal }) => getProductTemplate(id, signal),
    staleTime: 5 * 60_000,
  });
}

export type { Product };

/** GET /product/{org}/template/{id}/products (000 §7): the priced variants of a product template. */
export function getTemplateProducts(id: string, signal?: AbortSignal): Promise<Product[]> {
  const org = requireOrganizationId();
  return apiRequest<Product[]>(`/product/${seg(org)}/template/${seg(id)}/products`, { signal });
}

export function templateProductsQueryOptions(id: string) {
  return queryOptions({
    queryKey: productKeys.templateProducts(id),
    queryFn: ({ signal }) => getTemplateProducts(id, signal),
    staleTime: 5 * 60_000,
  });
}

export type { ProductType };

/** The public view of a product template; only what routing after login needs is typed. */
export interface PublicProduct {
  _id: string;
  type?: ProductType;
  name?: string;
  product_name?: string;
  intake_template?: string | { _id: string } | null;
  settings?: { product_type?: ProductType } | null;
}

/** GET /v2/products/{id}/public (000 §7). */
export function getPublicProduct(productId: string, signal?: AbortSignal): Promise<PublicProduct> {
  return apiRequest<PublicProduct>(`/v2/products/${seg(productId)}/public`, {
    authenticated: false,
    handleUnauthorized: false,
    signal,
  });
}

/** The product's type from `type`, falling back to `settings.product_type`. */
export function productType(product: PublicProduct): ProductType | undefined {
  return product.type ?? product.settings?.product_type ?? undefined;
}

export function productIntakeTemplateId(product: PublicProduct): string | undefined {
  const template = product.intake_template;
  if (!template) return undefined;
  return typeof template === 'string' ? template : template._id;
}

/** GET /product-templates/{org}/many?ids= (000 §7): several product templates, in the order asked. */
export function getProductTemplates(
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<ProductTemplate[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return apiRequest<ProductTemplate[]>(productTemplatesPath(ids), { signal });
}

/** A landing's product (the endpoint answers the whole template; routing reads only the fields typed above). */
export function publicProductQueryOptions(productId: string | null) {
  return queryOptions({
    queryKey: productKeys.public(productId),
    queryFn: async ({ signal }) =>
      (await getPublicProduct(productId ?? '', signal)) as PublicProduct & Partial<ProductTemplate>,
    enabled: Boolean(productId),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** GET /v2/products?product_type= (002 §7.1): one page of the organization's product templates of a type. */
export function getProductCatalogue(
  productType: ProductType,
  limit: number,
  signal?: AbortSignal,
): Promise<ProductTemplatePage> {
  return apiRequest<ProductTemplatePage>(PRODUCTS_PATH, {
    query: { product_type: productType, limit },
    signal,
  });
}
