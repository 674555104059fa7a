import type { AddressConfig, AddressSuggestion, ZipLookup } from '@portal/domain/contracts/address';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, seg } from '../lib/api-client';

export type { AddressSuggestion, ZipLookup };

export const addressKeys = {
  config: ['address-config'] as const,
};

/** GET /v2/address/zip/{zip}: city and state of a 5-digit US ZIP (404 when unknown). */
export function getZip(zip: string, signal?: AbortSignal): Promise<ZipLookup> {
  return apiRequest<ZipLookup>(`/v2/address/zip/${seg(zip)}`, { signal });
}

export function addressConfigQueryOptions() {
  return queryOptions({
    queryKey: addressKeys.config,
    queryFn: ({ signal }) => apiRequest<AddressConfig>('/v2/address/config', { signal }),
    staleTime: 60 * 60_000,
  });
}

/** GET /v2/address/suggestions?q=: US street suggestions, empty when no maps provider is configured. */
export function getAddressSuggestions(q: string, signal?: AbortSignal): Promise<AddressSuggestion[]> {
  return apiRequest<AddressSuggestion[]>('/v2/address/suggestions', { query: { q }, signal });
}
