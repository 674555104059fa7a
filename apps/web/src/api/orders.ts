import type { PurchaseDetails, PurchasesPage } from '@portal/domain/orders/purchases';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch, apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';
import type { OrdersFilters } from '../lib/orders-query';

/** GET /v2/users/purchases-showcase (002 §7.2): one page of the patient's orders and subscriptions. */
export function purchasesQueryOptions(filters: OrdersFilters) {
  return queryOptions({
    queryKey: ['purchases', filters] as const,
    queryFn: ({ signal }) =>
      apiRequest<PurchasesPage>('/v2/users/purchases-showcase', {
        query: { page: filters.page, productType: filters.productType, status: filters.status },
        signal,
      }),
    // The current page stays on screen while the next one loads, so the list does not jump.
    placeholderData: keepPreviousData,
  });
}

/** GET /v2/users/purchases-showcase/{orderId}/details (002 §7.2). */
export function purchaseDetailsQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['purchases', 'details', id] as const,
    queryFn: ({ signal }) =>
      apiRequest<PurchaseDetails>(`/v2/users/purchases-showcase/${seg(id)}/details`, { signal }),
  });
}

export type InvoiceFile = { blob: Blob; fileName: string };

async function readFile(response: Response, fallback: string): Promise<InvoiceFile> {
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
  return { blob: await response.blob(), fileName };
}

/** GET /v2/orders/{id}/invoice (002 §7.2): an order's invoice PDF with the file name the server gives it. */
export async function fetchOrderInvoice(orderId: string): Promise<InvoiceFile> {
  return readFile(await apiFetch(`/v2/orders/${seg(orderId)}/invoice`), `invoice-${orderId}.pdf`);
}

/** GET /subscriptions/{org}/invoice?type=stripe&invoice={id} (001 §7): one invoice of a subscription. */
export async function fetchSubscriptionInvoice(invoiceId: string): Promise<InvoiceFile> {
  const response = await apiFetch(`/subscriptions/${seg(requireOrganizationId())}/invoice`, {
    query: { type: 'stripe', invoice: invoiceId },
  });
  return readFile(response, `invoice-${invoiceId}.pdf`);
}
