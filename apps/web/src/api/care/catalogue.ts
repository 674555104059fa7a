import type {
  CatalogueList,
  CataloguePrice,
  CataloguePriceCreate,
  CataloguePricePatch,
  CataloguePriceRemoval,
  CatalogueProduct,
  CatalogueTemplateCreate,
  CatalogueTemplatePatch,
} from '@portal/domain/contracts/care-catalogue';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../lib/api-client';

export const careCatalogueKey = ['care', 'catalogue'] as const;

const base = () => `/care/${seg(requireOrganizationId())}/catalogue`;

/** GET /care/{org}/catalogue: every product of the clinic with all its prices, on sale or not (admins). */
export function careCatalogueQueryOptions() {
  return queryOptions({
    queryKey: careCatalogueKey,
    queryFn: ({ signal }) => apiRequest<CatalogueList>(base(), { signal }),
  });
}

/** The list holds every product with its prices: a change refetches it, so the table and the editor agree. */
function useCatalogueChange<Vars, Answer>(request: (vars: Vars) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: careCatalogueKey }),
  });
}

/** POST /care/{org}/catalogue: a new product, hidden from the shop until shown. */
export function useCreateProduct() {
  return useCatalogueChange((body: CatalogueTemplateCreate) =>
    apiRequest<CatalogueProduct>(base(), { method: 'POST', body }),
  );
}

/** PATCH /care/{org}/catalogue/{id}. */
export function useUpdateProduct(id: string) {
  return useCatalogueChange((body: CatalogueTemplatePatch) =>
    apiRequest<CatalogueProduct>(`${base()}/${seg(id)}`, { method: 'PATCH', body }),
  );
}

/** POST /care/{org}/catalogue/{id}/prices. */
export function useAddPrice(id: string) {
  return useCatalogueChange((body: CataloguePriceCreate) =>
    apiRequest<CataloguePrice>(`${base()}/${seg(id)}/prices`, { method: 'POST', body }),
  );
}

/** PATCH /care/{org}/catalogue/{id}/prices/{priceId}. */
export function useUpdatePrice(id: string) {
  return useCatalogueChange(({ priceId, body }: { priceId: string; body: CataloguePricePatch }) =>
    apiRequest<CataloguePrice>(`${base()}/${seg(id)}/prices/${seg(priceId)}`, { method: 'PATCH', body }),
  );
}

/** DELETE /care/{org}/catalogue/{id}/prices/{priceId}: deleted, or deactivated when it was sold. */
export function useRemovePrice(id: string) {
  return useCatalogueChange((priceId: string) =>
    apiRequest<CataloguePriceRemoval>(`${base()}/${seg(id)}/prices/${seg(priceId)}`, { method: 'DELETE' }),
  );
}
