import type { IntakeTemplate } from '@portal/domain/contracts/intake-template';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';

/** GET /intake-template/{org}/product/{productTemplateId} (000 §7): the intake template of a product's visit. */
export function getProductIntakeTemplate(
  productTemplateId: string,
  signal?: AbortSignal,
): Promise<IntakeTemplate> {
  const org = requireOrganizationId();
  return apiRequest<IntakeTemplate>(`/intake-template/${seg(org)}/product/${seg(productTemplateId)}`, {
    signal,
  });
}
