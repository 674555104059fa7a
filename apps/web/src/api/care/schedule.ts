import type {
  Appointment,
  CareCancelAppointmentBody,
  CareSchedule,
  CareScheduleQuery,
} from '@portal/domain/contracts/appointment';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../lib/api-client';

export const careScheduleKeys = {
  all: ['care', 'schedule'] as const,
  of: (q: CareScheduleQuery) => ['care', 'schedule', q] as const,
};

/** GET /care/{org}/schedule: the clinic's appointments of one local day or of its week, cancelled ones too. */
export function careScheduleQueryOptions(q: CareScheduleQuery) {
  return queryOptions({
    queryKey: careScheduleKeys.of(q),
    queryFn: ({ signal }) =>
      apiRequest<CareSchedule>(`/care/${seg(requireOrganizationId())}/schedule`, {
        query: { ...q },
        signal,
      }),
    // Patients book and cancel at any time: staff see the day as it is whenever they come back to it.
    refetchOnWindowFocus: 'always',
  });
}

/** POST /care/{org}/appointments/{id}/cancel: cancels a patient's appointment with a message to them. */
export function useCareCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CareCancelAppointmentBody & { id: string }) =>
      apiRequest<Appointment>(`/care/${seg(requireOrganizationId())}/appointments/${seg(id)}/cancel`, {
        method: 'POST',
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: careScheduleKeys.all }),
  });
}
