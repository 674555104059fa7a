import { PHOTO_MAX_BYTES } from '@portal/domain/constants';
import type { FastifyRequest } from 'fastify';
import { ApiError, Errors } from '../../platform/errors';
import { findNul, nulError } from '../../platform/input-checks';
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

const unreadable = () =>
  Errors.badRequest('The upload could not be read. Please try again.', 'InvalidUpload');

/**
 * Reads the photo form: text fields as strings, the `file` part into memory, stopping at the size limit.
 * The client's file name and declared type are ignored (the content is checked later).
 */
export async function readPhotoUpload(request: FastifyRequest): Promise<PhotoUpload> {
  if (!request.isMultipart()) {
    throw Errors.badRequest('Please send the photo as a multipart form (file, client_id, image_type).');
  }
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          throw Errors.badRequest('Please send one photo in the field "file".');
        }
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (part.file.truncated) throw fileSizeLimitError();
        file = Buffer.concat(chunks);
        if (file.length > PHOTO_MAX_BYTES) throw fileSizeLimitError();
      } else {
        if (part.valueTruncated || part.fieldnameTruncated || Object.hasOwn(fields, part.fieldname)) {
          throw Errors.badRequest(`${part.fieldname.slice(0, 64)}: invalid value.`);
        }
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        // The form is read here, after the root's check of JSON bodies: the same rule for its text fields.
        if (findNul(part.fieldname) !== undefined) throw nulError('body', '');
        if (findNul(value) !== undefined) throw nulError('body', part.fieldname);
        fields[part.fieldname] = value;
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileSizeLimitError();
    if (code === 'FST_FILES_LIMIT') throw Errors.badRequest('Please upload one photo at a time.');
    // Limits, malformed or cut-off forms: the client's mistake, never a server error.
    throw unreadable();
  }
  return { fields, file };
}
