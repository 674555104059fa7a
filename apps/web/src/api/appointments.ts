import type {
  Appointment,
  Availability,
  BookAppointmentBody,
  BookableKind,
  RescheduleAppointmentBody,
} from '@portal/domain/contracts/appointment';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, seg, takeSettledAhead } from '../lib/api-client';
import { isApiError } from '../lib/api-error';
import { type AppointmentVariant, appointmentsRead, getAppointments } from './appointment-reads';

export { type AppointmentVariant, getAppointments };

/** How many days of open times the picker shows. */
export const PICKER_DAYS = 14;

export const appointmentKeys = {
  all: ['appointments'] as const,
  ofVariant: (userId: string, variant: AppointmentVariant | 'all') =>
    ['appointments', userId, variant] as const,
  availability: (kind: BookableKind, physicianId?: string, subscriptionId?: string) =>
    ['appointment-availability', kind, physicianId ?? 'any', subscriptionId ?? 'none'] as const,
};

/**
 * GET /v2/appointments/availability: open slots for the signed-in patient, of one physician when named; with an
 * outside scheduler's page (booking_link) instead of slots, the subscription named rides on that page.
 */
export function getAvailability(
  kind: BookableKind,
  physicianId?: string,
  signal?: AbortSignal,
  subscriptionId?: string,
): Promise<Availability> {
  return apiRequest<Availability>('/v2/appointments/availability', {
    query: {
      kind,
      days: PICKER_DAYS,
      ...(physicianId ? { physician_id: physicianId } : {}),
      ...(subscriptionId ? { subscription_id: subscriptionId } : {}),
    },
    signal,
  });
}

export function availabilityQueryOptions(kind: BookableKind, physicianId?: string, subscriptionId?: string) {
  return queryOptions({
    queryKey: appointmentKeys.availability(kind, physicianId, subscriptionId),
    queryFn: ({ signal }) => getAvailability(kind, physicianId, signal, subscriptionId),
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
      await queryClient.invalidateQueries({ queryKey: ['appointment-availability', body.kind] });
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
    // read ahead by the route guard on a first load: the bar's first frame has its message
    initialData: () => takeSettledAhead<Appointment[]>(...appointmentsRead(userId, 'user-verification')),
    // Booked calls change only when the patient books one; a minute saves a call on every page change.
    staleTime: 60_000,
  });
}

/** Every appointment of the patient, oldest first as the API answers (the Appointments page). */
export function allAppointmentsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: appointmentKeys.ofVariant(userId, 'all'),
    queryFn: ({ signal }) => getAppointments(userId, undefined, signal),
  });
}

/** POST /v2/appointments/cancel (002 §7.7, body invoiceId): cancels one of the patient's own appointments. */
export function cancelAppointment(appointmentId: string): Promise<Appointment> {
  return apiRequest<Appointment>('/v2/appointments/cancel', {
    method: 'POST',
    body: { invoiceId: appointmentId },
  });
}

export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}

/** POST /v2/appointments/{id}/reschedule: moves the appointment to another open time of its physician. */
export function rescheduleAppointment(id: string, body: RescheduleAppointmentBody): Promise<Appointment> {
  return apiRequest<Appointment>(`/v2/appointments/${seg(id)}/reschedule`, { method: 'POST', body });
}

/** Reschedules, then refreshes the open times (the old time is free again) and the appointments. */
export function useRescheduleAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      kind: _kind,
      ...body
    }: RescheduleAppointmentBody & { id: string; kind: BookableKind }) => rescheduleAppointment(id, body),
    onSettled: async (_data, _error, vars) => {
      await queryClient.invalidateQueries({ queryKey: ['appointment-availability', vars.kind] });
      await queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
    },
  });
}
