import { apiRequest, type RequestOptions, requireOrganizationId, seg } from '../lib/api-client';
import type { Patient } from '../lib/patient';

// The record's read on its own, free of the query library: the route guard loads it on every first screen.

/** GET /users/{org}/user/{id}/patient (000 §7): the patient record. */
export function getPatient(
  userId: string,
  options: Pick<RequestOptions, 'signal' | 'handleUnauthorized'> = {},
): Promise<Patient> {
  const org = requireOrganizationId();
  return apiRequest<Patient>(`/users/${seg(org)}/user/${seg(userId)}/patient`, options);
}
