import type { Subscription } from '@portal/domain/contracts/subscription';
import type { PrescriptionChangeType } from '@portal/domain/dashboard/prescription-change';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';

/** GET /users/{org}/user/{patient}/subscriptions (001 §7), newest first. */
export function subscriptionsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['subscriptions', userId] as const,
    queryFn: ({ signal }) =>
      apiRequest<Subscription[]>(`/users/${seg(requireOrganizationId())}/user/${seg(userId)}/subscriptions`, {
        signal,
      }),
  });
}

/** POST /v2/subscriptions/{id}/request-prescription-change (001 §7): body requestType and comment. */
export async function requestPrescriptionChange(
  subscriptionId: string,
  requestType: PrescriptionChangeType,
  comment: string,
): Promise<void> {
  await apiRequest<unknown>(`/v2/subscriptions/${seg(subscriptionId)}/request-prescription-change`, {
    method: 'POST',
    body: { requestType, comment },
  });
}
