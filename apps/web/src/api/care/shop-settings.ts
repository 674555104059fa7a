import type { ShopSettingsBody } from '@portal/domain/contracts/care-catalogue';
import type { ShopSettings } from '@portal/domain/contracts/shop';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../lib/api-client';

export const careShopSettingsKey = ['care', 'shop-settings'] as const;

const path = () => `/care/${seg(requireOrganizationId())}/shop-settings`;

/** GET /care/{org}/shop-settings: the shop's banners and filter groups as patients see them (admins). */
export function careShopSettingsQueryOptions() {
  return queryOptions({
    queryKey: careShopSettingsKey,
    queryFn: ({ signal }) => apiRequest<ShopSettings>(path(), { signal }),
  });
}

/** PUT /care/{org}/shop-settings: the whole of the settings; the answer is what patients now see. */
export function useSaveShopSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShopSettingsBody) => apiRequest<ShopSettings>(path(), { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(careShopSettingsKey, saved),
  });
}
