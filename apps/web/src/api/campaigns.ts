import type { PublicCampaign } from '@portal/domain/contracts/campaign';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, seg } from '../lib/api-client';

export type { PublicCampaign };

export const campaignKeys = {
  detail: (campaignId: string) => ['campaign', campaignId] as const,
};

/** GET /marketing/campaigns/{campaignId}/public (000 §7): the campaign landing's copy and product. */
export function getCampaign(campaignId: string, signal?: AbortSignal): Promise<PublicCampaign> {
  return apiRequest<PublicCampaign>(`/marketing/campaigns/${seg(campaignId)}/public`, {
    authenticated: false,
    handleUnauthorized: false,
    signal,
  });
}

export function campaignQueryOptions(campaignId: string) {
  return queryOptions({
    queryKey: campaignKeys.detail(campaignId),
    queryFn: ({ signal }) => getCampaign(campaignId, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
