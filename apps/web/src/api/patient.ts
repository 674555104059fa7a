import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type RequestOptions, requireOrganizationId, seg } from '../../../lib/api-client';
import type { Patient } from '../../../lib/patient';

/** GET /users/{org}/user/{id}/patient (000 §7): the patient record. */
export function getPatient(
  userId: string,
  options: Pick<RequestOptions, 'signal' | 'handleUnauthorized'> = {},
): Promise<Patient> {
  const org = requireOrganizationId();
  return apiRequest<Patient>(`/users/${seg(org)}/user/${seg(userId)}/patient`, options);
}

export const patientQueryKey = (userId: string) => ['patient', userId] as const;

export function patientQueryOptions(userId: string) {
  return queryOptions({
    queryKey: patientQueryKey(userId),
    queryFn: ({ signal }) => getPatient(userId, { signal }),
  });
}
