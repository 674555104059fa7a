import type { QuickReply, QuickReplyBody } from '@portal/domain/contracts/messaging';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../lib/api-client';

export const quickReplyKeys = { all: ['care', 'quick-replies'] as const };

/** GET /care/{org}/quick-replies: the clinic's canned replies. */
export function quickRepliesQueryOptions() {
  return queryOptions({
    queryKey: quickReplyKeys.all,
    queryFn: ({ signal }) =>
      apiRequest<QuickReply[]>(`/care/${seg(requireOrganizationId())}/quick-replies`, { signal }),
    staleTime: 60_000,
  });
}

/** POST /care/{org}/quick-replies: a reply saved for the whole team; it joins the list at once. */
export function useSaveQuickReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuickReplyBody) =>
      apiRequest<QuickReply>(`/care/${seg(requireOrganizationId())}/quick-replies`, {
        method: 'POST',
        body,
      }),
    onSuccess: (reply) => {
      queryClient.setQueryData<QuickReply[]>(quickReplyKeys.all, (list) =>
        list ? [...list.filter((r) => r._id !== reply._id), reply] : list,
      );
      void queryClient.invalidateQueries({ queryKey: quickReplyKeys.all });
    },
  });
}

/** DELETE /care/{org}/quick-replies/{id}. */
export function useDeleteQuickReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<unknown>(`/care/${seg(requireOrganizationId())}/quick-replies/${seg(id)}`, {
        method: 'DELETE',
      }),
    onSuccess: (_done, id) => {
      queryClient.setQueryData<QuickReply[]>(quickReplyKeys.all, (list) =>
        list ? list.filter((r) => r._id !== id) : list,
      );
    },
  });
}
