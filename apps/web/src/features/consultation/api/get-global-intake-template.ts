import type { IntakeTemplate } from '@portal/domain/contracts/intake-template';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';

/** GET /intake-template/{org}/global (000 §7): the organization's general intake template. */
export function getGlobalIntakeTemplate(signal?: AbortSignal): Promise<IntakeTemplate> {
  const org = requireOrganizationId();
  return apiRequest<IntakeTemplate>(`/intake-template/${seg(org)}/global`, { signal });
}

export function globalIntakeTemplateQueryOptions() {
  return queryOptions({
    queryKey: ['intake-template', 'global'] as const,
    queryFn: ({ signal }) => getGlobalIntakeTemplate(signal),
    staleTime: 5 * 60_000,
  });
}
