import type { Appointment } from '@portal/domain/contracts/appointment';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';

/** GET /v2/appointments/{org}/user/{patient} narrowed to identity-verification calls (001 §7). */
export function getVerificationCalls(userId: string, signal?: AbortSignal): Promise<Appointment[]> {
  const org = requireOrganizationId();
  return apiRequest<Appointment[]>(`/v2/appointments/${seg(org)}/user/${seg(userId)}`, {
    query: { productVariant: 'user-verification' },
    signal,
  });
}

export const verificationCallsQueryKey = (userId: string) =>
  ['appointments', userId, 'user-verification'] as const;

export function verificationCallsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: verificationCallsQueryKey(userId),
    queryFn: ({ signal }) => getVerificationCalls(userId, signal),
    // Booked calls change only when the patient books one; a minute saves a call on every page change.
    staleTime: 60_000,
  });
}
