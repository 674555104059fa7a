import type { PatientImages } from '@portal/domain/contracts/media';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';

/** GET /users/{org}/user/{id}/patient/images (000 §7): portal addresses of the ID photo and selfie. */
export function getPatientImages(userId: string, signal?: AbortSignal): Promise<PatientImages> {
  const org = requireOrganizationId();
  return apiRequest<PatientImages>(`/users/${seg(org)}/user/${seg(userId)}/patient/images`, { signal });
}

export const patientImagesQueryKey = (userId: string) => ['patient-images', userId] as const;

export function patientImagesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: patientImagesQueryKey(userId),
    queryFn: ({ signal }) => getPatientImages(userId, signal),
  });
}
