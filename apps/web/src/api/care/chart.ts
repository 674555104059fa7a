import type { CareChart, CareFeatureFlags, CareNote } from '@portal/domain/contracts/care';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../lib/api-client';
import { careKeys } from './queue';

/** GET /care/{org}/patients/{id}/chart: one patient as the clinic sees them (issue 12 §3). */
export function careChartQueryOptions(patientId: string) {
  return queryOptions({
    queryKey: careKeys.chart(patientId),
    queryFn: ({ signal }) =>
      apiRequest<CareChart>(`/care/${seg(requireOrganizationId())}/patients/${seg(patientId)}/chart`, {
        signal,
      }),
  });
}

/** POST /care/{org}/patients/{id}/notes: a private note of the clinic. */
export function addCareNote(patientId: string, body: string): Promise<CareNote> {
  return apiRequest<CareNote>(`/care/${seg(requireOrganizationId())}/patients/${seg(patientId)}/notes`, {
    method: 'POST',
    body: { body },
  });
}

/** Adds a note; it joins the chart's list, newest first, without reading the whole chart again. */
export function useAddCareNote(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addCareNote(patientId, body),
    onSuccess: (note) => {
      queryClient.setQueryData<CareChart>(careKeys.chart(patientId), (chart) =>
        chart ? { ...chart, notes: [note, ...chart.notes.filter((n) => n._id !== note._id)] } : chart,
      );
    },
  });
}

/**
 * PUT /care/{org}/patients/{id}/feature-flags: moves the patient to the new labs app (labs2) or back to the
 * labs list; the chart shows the stored answer.
 */
export function useSetCareFeatureFlags(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (flags: CareFeatureFlags) =>
      apiRequest<CareFeatureFlags>(
        `/care/${seg(requireOrganizationId())}/patients/${seg(patientId)}/feature-flags`,
        { method: 'PUT', body: flags },
      ),
    onSuccess: (flags) => {
      queryClient.setQueryData<CareChart>(careKeys.chart(patientId), (chart) =>
        chart ? { ...chart, patient: { ...chart.patient, feature_flags: flags } } : chart,
      );
    },
  });
}
