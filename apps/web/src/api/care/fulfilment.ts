import type { FulfilmentStep } from '@portal/domain/care/fulfilment';
import type {
  CareFulfilmentAdvanceBody,
  CareFulfilmentOrder,
  CareFulfilmentPage,
} from '@portal/domain/contracts/fulfilment';
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../lib/api-client';

export const fulfilmentKeys = {
  all: ['care', 'fulfilment'] as const,
  step: (status: FulfilmentStep) => ['care', 'fulfilment', status] as const,
};

export const FULFILMENT_PAGE_SIZE = 50;

/** GET /care/{org}/fulfilment: the clinic's orders at one step, oldest first, by cursor. */
export function fulfilmentQueryOptions(status: FulfilmentStep) {
  return infiniteQueryOptions({
    queryKey: fulfilmentKeys.step(status),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<CareFulfilmentPage>(`/care/${seg(requireOrganizationId())}/fulfilment`, {
        query: { status, cursor: pageParam ?? undefined, limit: FULFILMENT_PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    refetchOnWindowFocus: 'always',
  });
}

/** POST /care/{org}/fulfilment/{id}/advance. */
export function advanceFulfilment(id: string, body: CareFulfilmentAdvanceBody): Promise<CareFulfilmentOrder> {
  return apiRequest<CareFulfilmentOrder>(
    `/care/${seg(requireOrganizationId())}/fulfilment/${seg(id)}/advance`,
    { method: 'POST', body },
  );
}

/** Moves an order one step on; every step's list (and its counts) is read again after it. */
export function useAdvanceFulfilment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CareFulfilmentAdvanceBody }) =>
      advanceFulfilment(id, body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: fulfilmentKeys.all }),
  });
}
