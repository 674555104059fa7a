import { PHOTO_MAX_BYTES } from '@portal/domain/constants';
import type { FastifyRequest } from 'fastify';
import { Errors } from '../../platform/errors';
import { readMultipartForm } from '../../platform/multipart-form';
import type { PhotoUpload } from './media.service';
import { fileSizeLimitError } from './photo';

/** Busboy limits of the photo form: one file of at most 10mb plus one byte (so more is detected), a few short fields. */
export const PHOTO_FORM_LIMITS = {
  fileSize: PHOTO_MAX_BYTES + 1,
  files: 1,
  fields: 8,
  parts: 9,
  fieldNameSize: 64,
  fieldSize: 256,
  headerPairs: 50,
} as const;

/**
 * Reads the photo form: text fields as strings, the `file` part into memory, stopping at the size limit.
 * The client's file name and declared type are ignored (the content is checked later).
 */
export async function readPhotoUpload(request: FastifyRequest): Promise<PhotoUpload> {
  if (!request.isMultipart()) {
    throw Errors.badRequest('Please send the photo as a multipart form (file, client_id, image_type).');
  }
  const form = await readMultipartForm(request, {
    maxBytes: PHOTO_MAX_BYTES,
    tooLarge: fileSizeLimitError,
    oneFile: 'Please send one photo in the field "file".',
  });
  return { fields: form.fields, file: form.file?.bytes };
}
