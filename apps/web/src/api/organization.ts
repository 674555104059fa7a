import type { Organization, Policy, State } from '@portal/domain/contracts/organization';
import { apiRequest, requireOrganizationId, seg } from '../lib/api-client';
import { queryOptions } from '../lib/query-options';

/** Query keys of the organization's public reads: its policies and the US states it lists. */
export const organizationKeys = {
  policy: (section: Policy['section']) => ['organization', 'policy', section] as const,
  states: ['states'] as const,
};

/** GET /organization/{org} (000 §7). */
export function getOrganization(organizationId: string, signal?: AbortSignal): Promise<Organization> {
  return apiRequest<Organization>(`/organization/${seg(organizationId)}`, {
    authenticated: false,
    handleUnauthorized: false,
    signal,
  });
}

/** GET /organization/search?domain={host} (000 §7): the organization served on this host. */
export async function searchOrganization(domain: string, signal?: AbortSignal): Promise<Organization> {
  const result = await apiRequest<Organization | Organization[]>('/organization/search', {
    query: { domain },
    authenticated: false,
    handleUnauthorized: false,
    signal,
  });
  const organization = Array.isArray(result) ? result[0] : result;
  if (!organization?._id) throw new Error(`No organization for ${domain}`);
  return organization;
}

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
    queryKey: organizationKeys.policy(section),
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

export type { State };

/** GET /states (000 §7): the US states, sorted by name (000 §3). */
export async function getStates(signal?: AbortSignal): Promise<State[]> {
  const states = await apiRequest<State[]>('/states', { signal });
  return [...states].sort((a, b) => a.name.localeCompare(b.name));
}

export function statesQueryOptions() {
  return queryOptions({
    queryKey: organizationKeys.states,
    queryFn: ({ signal }) => getStates(signal),
    staleTime: 60 * 60_000,
  });
}
