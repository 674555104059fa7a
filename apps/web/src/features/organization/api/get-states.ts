import type { State } from '@portal/domain/contracts/organization';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type { State };

/** GET /states (000 §7): the US states, sorted by name (000 §3). */
export async function getStates(signal?: AbortSignal): Promise<State[]> {
  const states = await apiRequest<State[]>('/states', { signal });
  return [...states].sort((a, b) => a.name.localeCompare(b.name));
}

export function statesQueryOptions() {
  return queryOptions({
    queryKey: ['states'] as const,
    queryFn: ({ signal }) => getStates(signal),
    staleTime: 60 * 60_000,
  });
}
