import type { VisitIntroContent } from '@portal/domain/consultation/visit-intro';
import type { CareVisitIntros, VisitIntroResponse } from '@portal/domain/contracts/intake-template';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../lib/api-client';

const visitIntrosKey = ['care', 'visit-intros'] as const;

/** GET /care/{org}/visit-intros: every visit of the clinic with its How it Works content (admins). */
export function careVisitIntrosQueryOptions() {
  return queryOptions({
    queryKey: visitIntrosKey,
    queryFn: ({ signal }) =>
      apiRequest<CareVisitIntros>(`/care/${seg(requireOrganizationId())}/visit-intros`, { signal }),
  });
}

/** PUT /care/{org}/visit-intros/{id}: the clinic's wording, or `{ reset: true }` for the portal's defaults. */
export function useSaveVisitIntro(templateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VisitIntroContent | { reset: true }) =>
      apiRequest<VisitIntroResponse>(
        `/care/${seg(requireOrganizationId())}/visit-intros/${seg(templateId)}`,
        { method: 'PUT', body },
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData<CareVisitIntros>(visitIntrosKey, (list) =>
        list
          ? { intros: list.intros.map((i) => (i.template === saved.template ? { ...i, ...saved } : i)) }
          : list,
      );
      // the patient side's read of the same visit, should this browser hold it
      void queryClient.invalidateQueries({ queryKey: ['visit-intro', saved.template] });
    },
  });
}
