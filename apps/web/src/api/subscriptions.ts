import type { SubscriptionDetails } from '@portal/domain/contracts/subscription';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';

/**
 * GET /users/{org}/user/{patient}/subscriptions (001 §7) with billing records and invoices. Shares its key
 * with the dashboard's list, so an action here refreshes the Customize Protocol panel too.
 */
export function subscriptionDetailsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['subscriptions', userId] as const,
    queryFn: ({ signal }) =>
      apiRequest<SubscriptionDetails[]>(
        `/users/${seg(requireOrganizationId())}/user/${seg(userId)}/subscriptions`,
        { signal },
      ),
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

export type InvoiceFile = { blob: Blob; fileName: string };

/** GET /subscriptions/{org}/invoice?type=stripe&invoice={id}: the PDF, fetched with the patient's token. */
export async function fetchInvoicePdf(invoiceId: string): Promise<InvoiceFile> {
  const response = await apiFetch(`/subscriptions/${seg(requireOrganizationId())}/invoice`, {
    query: { type: 'stripe', invoice: invoiceId },
  });
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `invoice-${invoiceId}.pdf`;
  return { blob: await response.blob(), fileName };
}
