import { z } from 'zod';
import { Id } from './common';

/** Which photo an upload replaces (000 §7 "Upload"). */
export const PhotoImageType = z.enum(['id_images', 'profile_images']);
export type PhotoImageType = z.infer<typeof PhotoImageType>;

/** A multipart text field read as a boolean: 'true'/'1' or 'false'/'0'; absent means false. */
const FormBoolean = z
  .enum(['true', 'false', '1', '0'], { message: 'reupload_image must be true or false.' })
  .transform((v) => v === 'true' || v === '1');

/**
 * The text fields of POST /patient-identification/{org} (000 §7 "Upload": file, client_id, image_type,
 * reupload_image and optional intake). The file part is read separately.
 */
export const PhotoUploadFields = z
  .object({
    client_id: Id,
    image_type: PhotoImageType,
    reupload_image: FormBoolean.optional().default(false),
    intake: z.union([Id, z.literal('').transform(() => undefined)]).optional(),
  })
  .strict();
export type PhotoUploadFields = z.infer<typeof PhotoUploadFields>;

/** GET /users/{org}/user/{id}/patient/images (000 §7): portal URLs of the ID photo and selfie. */
export const PatientImages = z.object({
  id_url: z.string().nullable(),
  profile_url: z.string().nullable(),
});
export type PatientImages = z.infer<typeof PatientImages>;

/** The portal address of a stored file; reading it requires the owner's or their care team's session. */
export const mediaUrl = (mediaId: string): string => `/v2/media/${mediaId}`;
