import type { Appointment, BookAppointmentBody } from '@portal/domain/contracts/appointment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { availabilityQueryKey } from './get-availability';

/** POST /v2/appointments: books an open slot; a slot taken meanwhile answers 409. */
export function bookAppointment(body: BookAppointmentBody): Promise<Appointment> {
  return apiRequest<Appointment>('/v2/appointments', { method: 'POST', body });
}

/** Books, then refreshes the open times (always: after a 409 the list is out of date) and the appointments. */
export function useBookAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookAppointment,
    onSettled: async (_data, error, body) => {
      await queryClient.invalidateQueries({ queryKey: availabilityQueryKey(body.kind) });
      if (!error || !isApiError(error) || error.status === 409)
        await queryClient.invalidateQueries({ queryKey: ['appointments'] });
    },
  });
}
