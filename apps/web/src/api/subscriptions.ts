import type { SubscriptionDetails } from '@portal/domain/contracts/subscription';
import type { PrescriptionChangeType } from '@portal/domain/dashboard/prescription-change';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiRequest, requireOrganizationId, seg } from '../lib/api-client';
import { type DownloadedFile, readDownload } from '../lib/save-file';
import { subscriptionsPath } from './dashboard-reads';

/**
 * Query keys of the patient's subscriptions. The dashboard's Customize Protocol panel, the treatment step and
 * the subscriptions page read the same list, so an action anywhere refreshes every view of it.
 */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  list: (userId: string) => ['subscriptions', userId] as const,
  /** Under the list's key, so refreshing the list after an action refreshes an open detail page too. */
  detail: (userId: string, id: string) => ['subscriptions', userId, 'detail', id] as const,
};

/**
 * GET /users/{org}/user/{patient}/subscriptions (001 §7, 002 §7.3): the patient's subscriptions, newest first,
 * each with its billing record and invoices.
 */
export function getSubscriptions(userId: string, signal?: AbortSignal): Promise<SubscriptionDetails[]> {
  return apiRequest<SubscriptionDetails[]>(subscriptionsPath(userId), { signal });
}

export function subscriptionsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: subscriptionKeys.list(userId),
    queryFn: ({ signal }) => getSubscriptions(userId, signal),
  });
}

/**
 * GET /users/{org}/user/{patient}/subscription/{id}?type=stripe (001 §7): one subscription; the billing
 * provider's details are read fresh unless it awaits physician review (the server skips them then).
 */
export function getSubscription(
  userId: string,
  id: string,
  signal?: AbortSignal,
): Promise<SubscriptionDetails> {
  return apiRequest<SubscriptionDetails>(
    `/users/${seg(requireOrganizationId())}/user/${seg(userId)}/subscription/${seg(id)}`,
    { query: { type: 'stripe' }, signal },
  );
}

export function subscriptionQueryOptions(userId: string, id: string) {
  return queryOptions({
    queryKey: subscriptionKeys.detail(userId, id),
    queryFn: ({ signal }) => getSubscription(userId, id, signal),
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

const action = (id: string, name: string, body: unknown) =>
  apiRequest<SubscriptionDetails>(`/v2/subscriptions/${seg(id)}/${name}`, { method: 'POST', body });

export const pauseSubscription = (id: string, pauseReason: string) =>
  action(id, 'pause', { data: { pause_reason: pauseReason } });
export const resumeSubscription = (id: string, shipNow: boolean) =>
  action(id, 'resume', { data: { shipNow } });
export const cancelSubscription = (id: string, cancelReason: string) =>
  action(id, 'cancel', { data: { cancel_reason: cancelReason } });
/** new_time in milliseconds (the API reads seconds too). */
export const rescheduleSubscription = (id: string, newTime: number) =>
  action(id, 'reschedule', { new_time: newTime });
export const updateCancellationInfo = (id: string, incrementCancellationAttempt: boolean) =>
  action(id, 'cancellation-info', { incrementCancellationAttempt });

/** GET /subscriptions/{org}/invoice?type=stripe&invoice={id} (001 §7): one invoice's PDF, fetched with the patient's token. */
export async function fetchSubscriptionInvoice(invoiceId: string): Promise<DownloadedFile> {
  const response = await apiFetch(`/subscriptions/${seg(requireOrganizationId())}/invoice`, {
    query: { type: 'stripe', invoice: invoiceId },
  });
  return readDownload(response, `invoice-${invoiceId}.pdf`);
}
