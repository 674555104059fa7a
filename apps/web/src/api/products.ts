import type { ProductTemplate } from '@portal/domain/contracts/product';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';

export type { ProductTemplate };

/** GET /product/{org}/template/{id} (000 §7): a product template with its membership. */
export function getProductTemplate(id: string, signal?: AbortSignal): Promise<ProductTemplate> {
  const org = requireOrganizationId();
  return apiRequest<ProductTemplate>(`/product/${seg(org)}/template/${seg(id)}`, { signal });
}

export function productTemplateQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['product-template', id] as const,
    queryFn: ({ signal }) => getProductTemplate(id, signal),
    staleTime: 5 * 60_000,
  });
}
