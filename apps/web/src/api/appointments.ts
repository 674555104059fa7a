import type {
  Appointment,
  Availability,
  BookAppointmentBody,
  BookableKind,
} from '@portal/domain/contracts/appointment';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { isApiError } from '../lib/api-error';
import { type AppointmentVariant, getAppointments } from './appointment-reads';

export { type AppointmentVariant, getAppointments };

/** How many days of open times the picker shows. */
export const PICKER_DAYS = 14;

export const appointmentKeys = {
  all: ['appointments'] as const,
  ofVariant: (userId: string, variant: AppointmentVariant) => ['appointments', userId, variant] as const,
  availability: (kind: BookableKind) => ['appointment-availability', kind] as const,
};

/** GET /v2/appointments/availability: open 30-minute slots for the signed-in patient. */
export function getAvailability(kind: BookableKind, signal?: AbortSignal): Promise<Availability> {
  return apiRequest<Availability>('/v2/appointments/availability', {
    query: { kind, days: PICKER_DAYS },
    signal,
  });
}

export function availabilityQueryOptions(kind: BookableKind) {
  return queryOptions({
    queryKey: appointmentKeys.availability(kind),
    queryFn: ({ signal }) => getAvailability(kind, signal),
    // Open times change as others book: never show an old list for long.
    staleTime: 30_000,
  });
}

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
      await queryClient.invalidateQueries({ queryKey: appointmentKeys.availability(body.kind) });
      if (!error || !isApiError(error) || error.status === 409)
        await queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
    },
  });
}

/** The coaching sessions (the dashboard's coaching widget). */
export function coachingAppointmentsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: appointmentKeys.ofVariant(userId, 'coaching'),
    queryFn: ({ signal }) => getAppointments(userId, 'coaching', signal),
  });
}

/** The identity-verification calls (the verification bar). */
export function verificationCallsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: appointmentKeys.ofVariant(userId, 'user-verification'),
    queryFn: ({ signal }) => getAppointments(userId, 'user-verification', signal),
    // Booked calls change only when the patient books one; a minute saves a call on every page change.
    staleTime: 60_000,
  });
}
