import type { Order } from '@portal/domain/contracts/order';
import type { PurchaseDetails, PurchasesPage } from '@portal/domain/orders/purchases';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch, apiRequest, seg } from '../lib/api-client';
import { type DownloadedFile, readDownload } from '../lib/save-file';
import { patientOrdersPath } from './dashboard-reads';
import { PURCHASES_PATH } from './page-reads';

/** The Orders page's filters as the purchases showcase reads them. */
export type PurchasesFilters = {
  page: number;
  productType?: string | undefined;
  status?: string | undefined;
};

export const purchaseKeys = {
  all: ['purchases'] as const,
  page: (filters: PurchasesFilters) => ['purchases', filters] as const,
  details: (id: string) => ['purchases', 'details', id] as const,
};

/** GET /v2/users/purchases-showcase (002 §7.2): one page of the patient's orders and subscriptions. */
export function purchasesQueryOptions(filters: PurchasesFilters) {
  return queryOptions({
    queryKey: purchaseKeys.page(filters),
    queryFn: ({ signal }) =>
      apiRequest<PurchasesPage>(PURCHASES_PATH, {
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
    queryKey: purchaseKeys.details(id),
    queryFn: ({ signal }) =>
      apiRequest<PurchaseDetails>(`/v2/users/purchases-showcase/${seg(id)}/details`, { signal }),
  });
}

/** GET /v2/orders/{id}/invoice (002 §7.2): an order's invoice PDF with the file name the server gives it. */
export async function fetchOrderInvoice(orderId: string): Promise<DownloadedFile> {
  return readDownload(await apiFetch(`/v2/orders/${seg(orderId)}/invoice`), `invoice-${orderId}.pdf`);
}

/** GET /orders/{org}/patient/{user} (001 §7): the patient's orders. */
export function getOrders(userId: string, signal?: AbortSignal): Promise<Order[]> {
  return apiRequest<Order[]>(patientOrdersPath(userId), { signal });
}

/** POST /v2/orders/{orderId}/submit (002 §7.2): charges the card on file and sends the order on (to the lab). */
export function submitOrder(orderId: string): Promise<Order> {
  return apiRequest<Order>(`/v2/orders/${seg(orderId)}/submit`, { method: 'POST' });
}
