import type { PatientImages, PhotoImageType } from '@portal/domain/contracts/media';
import type { PatientUser } from '@portal/domain/contracts/user';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiRequest, requireOrganizationId, seg } from '../lib/api-client';
import { intakeKeys } from './intakes';
import { patientKeys } from './patient';

/** GET /users/{org}/user/{id}/patient/images (000 §7): portal addresses of the ID photo and selfie. */
export function getPatientImages(userId: string, signal?: AbortSignal): Promise<PatientImages> {
  const org = requireOrganizationId();
  return apiRequest<PatientImages>(`/users/${seg(org)}/user/${seg(userId)}/patient/images`, { signal });
}

export const mediaKeys = {
  patientImages: (userId: string) => ['patient-images', userId] as const,
};

export function patientImagesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: mediaKeys.patientImages(userId),
    queryFn: ({ signal }) => getPatientImages(userId, signal),
  });
}

export interface PhotoUploadInput {
  file: Blob;
  fileName: string;
  userId: string;
  imageType: PhotoImageType;
  /** The patient already had this photo, or the visit awaits their update. */
  reupload: boolean;
  intakeId?: string | null;
}

/** POST /patient-identification/{org} (000 §7 Upload): multipart file, client_id, image_type, reupload_image, intake. */
export async function uploadPhoto(input: PhotoUploadInput): Promise<PatientUser['image']> {
  const org = requireOrganizationId();
  const form = new FormData();
  form.append('client_id', input.userId);
  form.append('image_type', input.imageType);
  form.append('reupload_image', String(input.reupload));
  if (input.intakeId) form.append('intake', input.intakeId);
  form.append('file', input.file, input.fileName);
  return apiRequest<PatientUser['image']>(`/patient-identification/${seg(org)}`, {
    method: 'POST',
    body: form,
  });
}

/** Uploads a photo, then refreshes the patient, their images and the visit. */
export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: async (_image, input) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: patientKeys.detail(input.userId) }),
        queryClient.invalidateQueries({ queryKey: mediaKeys.patientImages(input.userId) }),
        input.intakeId
          ? queryClient.invalidateQueries({ queryKey: intakeKeys.detail(input.userId, input.intakeId) })
          : undefined,
      ]);
    },
  });
}

/**
 * A stored photo at the portal address the API gave (the patient's image, their ID photo and selfie). Those
 * are only served with the patient's token, which an <img src> cannot send, so the bytes come through here.
 */
export async function fetchPrivateImage(path: string, signal?: AbortSignal): Promise<Blob> {
  return (await apiFetch(path, { signal })).blob();
}
