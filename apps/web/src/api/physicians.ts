import type { Physician } from '@portal/domain/contracts/appointment';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../lib/api-client';

export const physicianKeys = {
  byState: (state: string) => ['physicians', 'state', state] as const,
};

/**
 * GET /physician/{org}/state/{stateId}?is_provider=true (001 §7): the clinic's physicians licensed in the
 * state and shown to patients as providers.
 */
export function getProvidersInState(state: string, signal?: AbortSignal): Promise<Physician[]> {
  return apiRequest<Physician[]>(`/physician/${seg(requireOrganizationId())}/state/${seg(state)}`, {
    query: { is_provider: 'true' },
    signal,
  });
}

export function providersInStateQueryOptions(state: string) {
  return queryOptions({
    queryKey: physicianKeys.byState(state),
    queryFn: ({ signal }) => getProvidersInState(state, signal),
    // A clinic's roster changes rarely: a few minutes spare a call on every visit to the pages that list it.
    staleTime: 5 * 60_000,
  });
}
