import type { Product } from '@portal/domain/contracts/product';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';

export type { Product };

/** GET /product/{org}/template/{id}/products (000 §7): the priced variants of a product template. */
export function getTemplateProducts(id: string, signal?: AbortSignal): Promise<Product[]> {
  const org = requireOrganizationId();
  return apiRequest<Product[]>(`/product/${seg(org)}/template/${seg(id)}/products`, { signal });
}

export function templateProductsQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['product-template', id, 'products'] as const,
    queryFn: ({ signal }) => getTemplateProducts(id, signal),
    staleTime: 5 * 60_000,
  });
}
