import { PURCHASE_PRODUCT_TYPES } from '@portal/domain/orders/purchase-status';
import type { PurchasesFilters } from '../../../api/orders';

export type OrdersFilters = PurchasesFilters;

const STATUS = /^[a-z_]{1,40}$/;

/** The Orders page's filters from its query string; anything unusable is dropped, not sent to the API. */
export function readOrdersFilters(params: URLSearchParams): OrdersFilters {
  const page = Number(params.get('page'));
  const productType = params.get('productType') ?? '';
  const status = params.get('status') ?? '';
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    ...((PURCHASE_PRODUCT_TYPES as readonly string[]).includes(productType) ? { productType } : {}),
    ...(STATUS.test(status) ? { status } : {}),
  };
}

/** The query string of a filter state: page 1 and empty filters are left out, so /orders stays clean. */
export function ordersSearch(filters: OrdersFilters): string {
  const params = new URLSearchParams();
  if (filters.productType) params.set('productType', filters.productType);
  if (filters.status) params.set('status', filters.status);
  if (filters.page > 1) params.set('page', String(filters.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}
