import type { AppointmentTypeSettings, AppointmentTypesBody } from '@portal/domain/contracts/appointment';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../lib/api-client';

export const appointmentTypesKey = ['care', 'appointment-types'] as const;

const typesPath = () => `/care/${seg(requireOrganizationId())}/appointment-types`;

/** GET /care/{org}/appointment-types: each kind's rules, the built-in ones where the clinic set none (admins). */
export function appointmentTypesQueryOptions() {
  return queryOptions({
    queryKey: appointmentTypesKey,
    queryFn: ({ signal }) => apiRequest<AppointmentTypeSettings>(typesPath(), { signal }),
  });
}

/** PUT /care/{org}/appointment-types: the answer is every kind as stored. */
export function useSaveAppointmentTypes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AppointmentTypesBody) =>
      apiRequest<AppointmentTypeSettings>(typesPath(), { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(appointmentTypesKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['care', 'slots'] });
    },
  });
}
