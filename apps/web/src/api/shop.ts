import type { ProductTemplatePage } from '@portal/domain/contracts/product';
import type { ShopSettings } from '@portal/domain/contracts/shop';
import { type ShopFilters, shopProductsQuery } from '@portal/domain/shop/filters';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../lib/api-client';

/** Products per page of the shop grid (002 §9 leaves it open): three rows of three on a wide screen. */
export const SHOP_PAGE_SIZE = 9;

export const shopKeys = {
  settings: (org: string) => ['shop', 'settings', org] as const,
  products: (filters: ShopFilters) => ['shop', 'products', filters] as const,
};

/** GET /organization/{org}/settings/shop: the clinic's hero banners and filter groups (002 §3). */
export function getShopSettings(signal?: AbortSignal): Promise<ShopSettings> {
  const org = requireOrganizationId();
  return apiRequest<ShopSettings>(`/organization/${seg(org)}/settings/shop`, { signal });
}

export function shopSettingsQueryOptions() {
  const org = requireOrganizationId();
  return queryOptions({
    queryKey: shopKeys.settings(org),
    queryFn: ({ signal }) => getShopSettings(signal),
    staleTime: 10 * 60_000,
  });
}

/** GET /v2/products (002 §7.5): a page of the shop for the filters. */
export function getShopProducts(filters: ShopFilters, signal?: AbortSignal): Promise<ProductTemplatePage> {
  return apiRequest<ProductTemplatePage>('/v2/products', {
    query: shopProductsQuery(filters, SHOP_PAGE_SIZE),
    signal,
  });
}

export function shopProductsQueryOptions(filters: ShopFilters) {
  return queryOptions({
    queryKey: shopKeys.products(filters),
    queryFn: ({ signal }) => getShopProducts(filters, signal),
    staleTime: 5 * 60_000,
    // the previous page stays on screen (dimmed) while the next one loads, instead of the skeleton again
    placeholderData: keepPreviousData,
  });
}
