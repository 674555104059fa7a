import { apiRequest, seg } from '../../../lib/api-client';

export type ProductType = 'medication' | 'lab' | 'supplement' | 'coaching_membership';

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
