import type { Policy } from '@portal/domain/contracts/organization';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';

export type PolicySection = Policy['section'];

/** GET /organization/{org}/policy/{section} (000 §7). */
export function getPolicy(section: PolicySection, signal?: AbortSignal): Promise<Policy> {
  const org = requireOrganizationId();
  return apiRequest<Policy>(`/organization/${seg(org)}/policy/${seg(section)}`, {
    authenticated: false,
    signal,
  });
}

export function policyQueryOptions(section: PolicySection) {
  return queryOptions({
    queryKey: ['organization', 'policy', section],
    queryFn: ({ signal }) => getPolicy(section, signal),
    staleTime: 60 * 60_000,
  });
}

/** Splits a policy body into paragraphs (blank-line separated). */
export function policyParagraphs(body: string): string[] {
  return body
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
