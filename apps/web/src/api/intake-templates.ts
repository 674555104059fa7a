import type { IntakeTemplate } from '@portal/domain/contracts/intake-template';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';

/** GET /intake-template/{org}/template/{templateId} (000 §7): a questionnaire with its product lists. */
export function getIntakeTemplate(templateId: string, signal?: AbortSignal): Promise<IntakeTemplate> {
  const org = requireOrganizationId();
  return apiRequest<IntakeTemplate>(`/intake-template/${seg(org)}/template/${seg(templateId)}`, { signal });
}

export function intakeTemplateQueryOptions(templateId: string) {
  return queryOptions({
    queryKey: ['intake-template', templateId] as const,
    queryFn: ({ signal }) => getIntakeTemplate(templateId, signal),
    staleTime: 5 * 60_000,
  });
}
