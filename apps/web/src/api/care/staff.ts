import type { CareInviteBody, CareStaffList } from '@portal/domain/contracts/care';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../lib/api-client';

export const staffKeys = { list: ['care', 'staff'] as const };

/** GET /care/{org}/staff: the clinic's staff and its open invitations (admins). */
export function careStaffQueryOptions() {
  return queryOptions({
    queryKey: staffKeys.list,
    queryFn: ({ signal }) =>
      apiRequest<CareStaffList>(`/care/${seg(requireOrganizationId())}/staff`, { signal }),
  });
}

export interface CareInvitationSent {
  _id: string;
  email: string;
  role: CareInviteBody['role'];
  expires_at: string;
}

/** POST /care/{org}/staff/invitations: the invitation is e-mailed; it joins the list as open. */
export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CareInviteBody) =>
      apiRequest<CareInvitationSent>(`/care/${seg(requireOrganizationId())}/staff/invitations`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffKeys.list }),
  });
}

/** POST /care/{org}/staff/{id}/deactivate: their sessions end and they can no longer sign in. */
export function useDeactivateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<{ _id: string; active: boolean }>(
        `/care/${seg(requireOrganizationId())}/staff/${seg(userId)}/deactivate`,
        { method: 'POST' },
      ),
    onSuccess: ({ _id }) => {
      queryClient.setQueryData<CareStaffList>(staffKeys.list, (list) =>
        list
          ? { ...list, items: list.items.map((s) => (s._id === _id ? { ...s, active: false } : s)) }
          : list,
      );
      void queryClient.invalidateQueries({ queryKey: staffKeys.list });
    },
  });
}
