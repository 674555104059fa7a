import type { PhotoImageType } from '@portal/domain/contracts/media';
import type { PatientUser } from '@portal/domain/contracts/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';
import { patientQueryKey } from '../../patient/api/get-patient';
import { patientImagesQueryKey } from './get-patient-images';

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
        queryClient.invalidateQueries({ queryKey: patientQueryKey(input.userId) }),
        queryClient.invalidateQueries({ queryKey: patientImagesQueryKey(input.userId) }),
        input.intakeId
          ? queryClient.invalidateQueries({ queryKey: ['intake', input.userId, input.intakeId] })
          : undefined,
      ]);
    },
  });
}
