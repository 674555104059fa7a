import type { CareClaim, CareQueuePage } from '@portal/domain/contracts/care';
import { careQueueChannel, QUEUE_CHANGED_EVENT } from '@portal/domain/contracts/realtime';
import { type InfiniteData, infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../lib/api-client';
import { type ChannelStatus, useChannelEvent } from '../../lib/realtime';

/** The queue's filters as the API reads them (issue 12 §2). */
export interface CareQueueFilters {
  state?: string | undefined;
  product?: string | undefined;
  overTarget?: boolean | undefined;
}

export const careKeys = {
  all: ['care'] as const,
  queue: (filters: CareQueueFilters) => ['care', 'queue', filters] as const,
  queues: ['care', 'queue'] as const,
  chart: (patientId: string) => ['care', 'chart', patientId] as const,
};

/**
 * The open queue hears of every change on its clinic's channel (useQueueEvents) and reads again; this slow
 * refresh is only the net for a connection that could not be made.
 */
export const QUEUE_REFRESH_MS = 60_000;

/** Reads the open queue again whenever its clinic's real-time channel says it changed; says whether it is live. */
export function useQueueEvents(): ChannelStatus {
  const queryClient = useQueryClient();
  return useChannelEvent(careQueueChannel(requireOrganizationId()), QUEUE_CHANGED_EVENT, () => {
    void queryClient.invalidateQueries({ queryKey: careKeys.queues });
  });
}

export const QUEUE_PAGE_SIZE = 50;

/** GET /care/{org}/queue: pages of the review queue, oldest first, by cursor. */
export function careQueueQueryOptions(filters: CareQueueFilters) {
  return infiniteQueryOptions({
    queryKey: careKeys.queue(filters),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<CareQueuePage>(`/care/${seg(requireOrganizationId())}/queue`, {
        query: {
          state: filters.state || undefined,
          product: filters.product || undefined,
          over_target: filters.overTarget ? 'true' : undefined,
          cursor: pageParam ?? undefined,
          limit: QUEUE_PAGE_SIZE,
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    refetchInterval: QUEUE_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
  });
}

/** POST /care/{org}/visits/{id}/claim. */
export function claimVisit(visitId: string): Promise<CareClaim> {
  return apiRequest<CareClaim>(`/care/${seg(requireOrganizationId())}/visits/${seg(visitId)}/claim`, {
    method: 'POST',
  });
}

/** Claims a visit; the row shows its new owner at once, then the queue is read again. */
export function useClaimVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimVisit,
    onSuccess: (claim) => {
      queryClient.setQueriesData<InfiniteData<CareQueuePage>>({ queryKey: careKeys.queues }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((item) =>
                  item._id === claim._id ? { ...item, claimed_by: claim.claimed_by } : item,
                ),
              })),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: careKeys.queues });
    },
  });
}

/**
 * Product names by template id, from the queue pages already read: the chart's visit lists its products by
 * id only, and a chart is mostly opened from the queue.
 */
export function useQueueProductNames(): ReadonlyMap<string, string> {
  const queryClient = useQueryClient();
  const names = new Map<string, string>();
  for (const [, data] of queryClient.getQueriesData<InfiniteData<CareQueuePage>>({
    queryKey: careKeys.queues,
  }))
    for (const page of data?.pages ?? [])
      for (const item of page.items)
        for (const product of item.products) names.set(product.product_template, product.name);
  return names;
}
