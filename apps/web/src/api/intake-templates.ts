import type {
  IntakeTemplate,
  StateApproval,
  VisitIntroResponse,
} from '@portal/domain/contracts/intake-template';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../lib/api-client';
import { intakeTemplatePath } from './dashboard-reads';

export const intakeTemplateKeys = {
  detail: (templateId: string) => ['intake-template', templateId] as const,
  global: ['intake-template', 'global'] as const,
  stateApproval: (stateId: string | null, templateId: string | null) =>
    ['state-approval', stateId, templateId] as const,
};

/** GET /intake-template/{org}/template/{templateId} (000 §7): a questionnaire with its product lists. */
export function getIntakeTemplate(templateId: string, signal?: AbortSignal): Promise<IntakeTemplate> {
  return apiRequest<IntakeTemplate>(intakeTemplatePath(templateId), { signal });
}

export function intakeTemplateQueryOptions(templateId: string) {
  return queryOptions({
    queryKey: intakeTemplateKeys.detail(templateId),
    queryFn: ({ signal }) => getIntakeTemplate(templateId, signal),
    staleTime: 5 * 60_000,
  });
}

/** GET /intake-template/{org}/global (000 §7): the organization's general intake template. */
export function getGlobalIntakeTemplate(signal?: AbortSignal): Promise<IntakeTemplate> {
  const org = requireOrganizationId();
  return apiRequest<IntakeTemplate>(`/intake-template/${seg(org)}/global`, { signal });
}

export function globalIntakeTemplateQueryOptions() {
  return queryOptions({
    queryKey: intakeTemplateKeys.global,
    queryFn: ({ signal }) => getGlobalIntakeTemplate(signal),
    staleTime: 5 * 60_000,
  });
}

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

/**
 * GET /states/{org}/state/{stateId}/intake/{templateId}/validate (000 §7): whether the visit of an intake
 * template may be offered in a state.
 */
export function validateState(stateId: string, templateId: string): Promise<StateApproval> {
  const org = requireOrganizationId();
  return apiRequest<StateApproval>(
    `/states/${seg(org)}/state/${seg(stateId)}/intake/${seg(templateId)}/validate`,
  );
}

/** Whether the visit of an intake template may be offered in a state; waits for both ids. */
export function stateApprovalQueryOptions(stateId: string | null, templateId: string | null) {
  return queryOptions({
    queryKey: intakeTemplateKeys.stateApproval(stateId, templateId),
    queryFn: () => validateState(stateId!, templateId!),
    enabled: Boolean(stateId && templateId),
    staleTime: 5 * 60_000,
  });
}

/**
 * GET /visits/{org}/template/visit-intro/{id} (000 §2 screen 1, 001 §7): the How it Works content of the visit,
 * the clinic's words with the portal's defaults for the rest.
 */
export function visitIntroQueryOptions(templateId: string) {
  return queryOptions({
    queryKey: ['visit-intro', templateId] as const,
    queryFn: ({ signal }) =>
      apiRequest<VisitIntroResponse>(
        `/visits/${seg(requireOrganizationId())}/template/visit-intro/${seg(templateId)}`,
        { signal },
      ),
    staleTime: 5 * 60_000,
  });
}
