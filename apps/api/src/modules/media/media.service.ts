import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { PHOTO_MAX_BYTES } from '@portal/domain/constants';
import { mediaUrl, type PatientImages, PhotoUploadFields } from '@portal/domain/contracts/media';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../db/ids';
import type { UserImage } from '../../db/schema/users';
import { ApiError, Errors } from '../../platform/errors';
import { describeError } from '../../platform/log-safe';
import type { StorageAdapter } from '../../platform/storage';
import type { MediaRepository } from './media.repository';
import { cleanPhoto } from './photo';

export type PhotoUpload = {
  /** The multipart text fields, as sent. */
  fields: Record<string, string>;
  /** The file's bytes (at most the size limit plus one byte), or undefined when no file was sent. */
  file: Buffer | undefined;
};

export function createMediaService(deps: { repo: MediaRepository; storage: StorageAdapter }) {
  const { repo, storage } = deps;

  return {
    /**
     * POST /patient-identification/{org}: the caller's ID photo or selfie. Checked by content, cleaned of
     * metadata, stored privately; users.image and, when named, the patient's intake are updated.
     */
    async uploadPhoto(
      caller: { userId: string; organizationId: string },
      upload: PhotoUpload,
      log: FastifyBaseLogger,
    ): Promise<UserImage> {
      const parsed = PhotoUploadFields.safeParse(upload.fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.join('.') || 'form';
        throw Errors.badRequest(`${where}: ${issue?.message ?? 'Invalid value'}`);
      }
      const fields = parsed.data;
      if (fields.client_id !== caller.userId) throw Errors.forbidden();
      if (!upload.file || upload.file.length === 0)
        throw Errors.badRequest('Please choose a photo to upload.');
      if (fields.intake && !(await repo.ownIntake(fields.intake, caller.userId, caller.organizationId))) {
        throw Errors.notFound('The intake');
      }

      // a re-upload that names no visit still answers the care team's request for new photos
      const intake =
        fields.intake ??
        (fields.reupload_image
          ? await repo.visitAwaitingPhotos(caller.userId, caller.organizationId)
          : undefined);

      const photo = await cleanPhoto(upload.file);
      const id = newId();
      const url = mediaUrl(id);
      const now = new Date().toISOString();
      const isId = fields.image_type === 'id_images';
      const { key } = await storage.put(photo.bytes, { contentType: photo.mimeType });
      try {
        return await repo.recordPhoto({
          media: {
            id,
            ownerId: caller.userId,
            organizationId: caller.organizationId,
            kind: isId ? 'id_image' : 'profile_image',
            mimeType: photo.mimeType,
            byteSize: photo.bytes.length,
            storageKey: key,
            sha256: createHash('sha256').update(photo.bytes).digest('hex'),
          },
          slot: isId ? 'id' : 'profile',
          entry: isId ? { id_url: url, date_uploaded: now } : { profile_url: url, date_uploaded: now },
          intake: intake
            ? {
                id: intake,
                verification: isId ? { id_image_url: url } : { profile_image_url: url },
                clearAwaiting: fields.reupload_image,
              }
            : undefined,
        });
      } catch (error) {
        // Nothing points at the file: remove it rather than leave an orphan copy of a photo.
        await storage.delete(key).catch((e: unknown) => {
          log.error({ err: describeError(e) }, 'media: could not remove the file of a failed upload');
        });
        throw error;
      }
    },

    async patientImages(userId: string): Promise<PatientImages> {
      const image = await repo.imageOf(userId);
      if (!image) throw Errors.notFound('The patient');
      return { id_url: image.id?.id_url ?? null, profile_url: image.profile?.profile_url ?? null };
    },

    /** The stored file of a media id (access already checked), as a stream with its type and size. */
    async open(
      mediaId: string,
      log: FastifyBaseLogger,
    ): Promise<{ stream: Readable; mimeType: string; byteSize: number }> {
      const row = await repo.find(mediaId);
      if (!row) throw Errors.notFound('The file');
      const stream = await storage.get(row.storageKey);
      if (!stream) {
        log.error({ mediaId }, 'media: the stored file is missing');
        throw Errors.notFound('The file');
      }
      if (row.mimeType === 'image/heic' || row.mimeType === 'image/heif') {
        return servedAsJpeg(mediaId, stream, log);
      }
      return { stream, mimeType: row.mimeType, byteSize: row.byteSize };
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;

/**
 * HEIC/HEIF photos stored as sent, before uploads were decoded (decision 016), are served only as the JPEG of
 * their decoded pixels; one that does not decode is never served.
 */
async function servedAsJpeg(mediaId: string, stream: Readable, log: FastifyBaseLogger) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > PHOTO_MAX_BYTES) {
      stream.destroy();
      break;
    }
    chunks.push(chunk as Buffer);
  }
  try {
    if (size > PHOTO_MAX_BYTES) throw Errors.notFound('The file');
    const photo = await cleanPhoto(Buffer.concat(chunks));
    return { stream: Readable.from([photo.bytes]), mimeType: photo.mimeType, byteSize: photo.bytes.length };
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 429) throw error;
    log.warn({ mediaId }, 'media: a stored HEIC photo does not decode and is not served');
    throw Errors.notFound('The file');
  }
}
