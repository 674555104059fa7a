import type {
  Appointment,
  Availability,
  CareAvailabilityQuery,
  CareBookAppointmentBody,
  CareCancelAppointmentBody,
  CarePatientMatch,
  CarePhysician,
  CareSchedule,
  CareScheduleQuery,
  PhysicianAvailability,
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

export const careSchedulingKeys = {
  physicians: ['care', 'physicians'] as const,
  availability: (physicianId: string) => ['care', 'physician-availability', physicianId] as const,
  patients: (q: string) => ['care', 'patient-search', q] as const,
  slots: (q: CareAvailabilityQuery) => ['care', 'slots', q] as const,
};

/** How many days of open times booking on a patient's behalf shows. */
export const CARE_PICKER_DAYS = 14;

/** GET /care/{org}/physicians: the clinic's physicians, active ones first. */
export function carePhysiciansQueryOptions() {
  return queryOptions({
    queryKey: careSchedulingKeys.physicians,
    queryFn: ({ signal }) =>
      apiRequest<CarePhysician[]>(`/care/${seg(requireOrganizationId())}/physicians`, { signal }),
    staleTime: 5 * 60_000,
  });
}

const availabilityPath = (physicianId: string) =>
  `/care/${seg(requireOrganizationId())}/physicians/${seg(physicianId)}/availability`;

/** GET /care/{org}/physicians/{id}/availability: weekly hours and date overrides in the physician's zone. */
export function physicianAvailabilityQueryOptions(physicianId: string) {
  return queryOptions({
    queryKey: careSchedulingKeys.availability(physicianId),
    queryFn: ({ signal }) => apiRequest<PhysicianAvailability>(availabilityPath(physicianId), { signal }),
  });
}

/** PUT /care/{org}/physicians/{id}/availability: replaces the whole of it; the answer is what was stored. */
export function useSavePhysicianAvailability(physicianId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PhysicianAvailability) =>
      apiRequest<PhysicianAvailability>(availabilityPath(physicianId), { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(careSchedulingKeys.availability(physicianId), saved);
      void queryClient.invalidateQueries({ queryKey: ['care', 'slots'] });
    },
  });
}

/** GET /care/{org}/patients?q=: up to 20 of the clinic's patients by name or e-mail (2 letters at least). */
export function carePatientSearchQueryOptions(q: string) {
  const text = q.trim();
  return queryOptions({
    queryKey: careSchedulingKeys.patients(text),
    queryFn: ({ signal }) =>
      apiRequest<CarePatientMatch[]>(`/care/${seg(requireOrganizationId())}/patients`, {
        query: { q: text },
        signal,
      }),
    enabled: text.length >= 2,
    staleTime: 30_000,
  });
}

/** GET /care/{org}/availability: a patient's open times, as the patient would be offered them. */
export function careSlotsQueryOptions(q: CareAvailabilityQuery) {
  return queryOptions({
    queryKey: careSchedulingKeys.slots(q),
    queryFn: ({ signal }) =>
      apiRequest<Availability>(`/care/${seg(requireOrganizationId())}/availability`, {
        query: { ...q },
        signal,
      }),
    // Open times change as others book: never show an old list for long.
    staleTime: 30_000,
  });
}

/** POST /care/{org}/appointments: books on the patient's behalf; a time taken meanwhile answers 409. */
export function useCareBookAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CareBookAppointmentBody) =>
      apiRequest<Appointment>(`/care/${seg(requireOrganizationId())}/appointments`, { method: 'POST', body }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: careScheduleKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['care', 'slots'] }),
      ]);
    },
  });
}

/** POST /care/{org}/appointments/{id}/reschedule: the same appointment at another open time of its physician. */
export function useCareRescheduleAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, start_time }: { id: string; start_time: string }) =>
      apiRequest<Appointment>(`/care/${seg(requireOrganizationId())}/appointments/${seg(id)}/reschedule`, {
        method: 'POST',
        body: { start_time },
      }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: careScheduleKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['care', 'slots'] }),
      ]);
    },
  });
}
