import type { ProductTemplate } from '@portal/domain/contracts/product';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';

/** GET /product-templates/{org}/many?ids= (000 §7): several product templates, in the order asked. */
export function getProductTemplates(
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<ProductTemplate[]> {
  if (ids.length === 0) return Promise.resolve([]);
  const org = requireOrganizationId();
  return apiRequest<ProductTemplate[]>(`/product-templates/${seg(org)}/many`, {
    query: { ids: ids.join(',') },
    signal,
  });
}
