import type { Appointment } from '@portal/domain/contracts/appointment';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';

/** GET /v2/appointments/{org}/user/{patient}?productVariant=coaching (001 §7): the coaching sessions. */
export function coachingAppointmentsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['appointments', userId, 'coaching'] as const,
    queryFn: ({ signal }) =>
      apiRequest<Appointment[]>(`/v2/appointments/${seg(requireOrganizationId())}/user/${seg(userId)}`, {
        query: { productVariant: 'coaching' },
        signal,
      }),
  });
}
