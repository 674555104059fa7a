import type { FastifyRequest } from 'fastify';
import { ApiError, Errors } from './errors';
import { findNul, nulError } from './input-checks';

export type MultipartForm = {
  /** The text fields, as sent. */
  fields: Record<string, string>;
  /** The one file of the field `file`, with the name the client gave it (never trusted for its type). */
  file?: { bytes: Buffer; name: string } | undefined;
};

export type FormRules = {
  /** Most bytes the file may have; the route's busboy limit is one more, so more is detected. */
  maxBytes: number;
  tooLarge: () => ApiError;
  /** What a second file, or a file under another field, is told. */
  oneFile: string;
};

const unreadable = () =>
  Errors.badRequest('The upload could not be read. Please try again.', 'InvalidUpload');

/**
 * Reads a multipart form (the photo uploads, a message with a file): text fields as strings, the `file` part
 * into memory, stopping at the size limit. Text fields get the NUL rule every JSON body gets at the root, and
 * limits, malformed or cut-off forms are the client's mistake: a 400 in the error shape, never a 500.
 */
export async function readMultipartForm(request: FastifyRequest, rules: FormRules): Promise<MultipartForm> {
  const fields: Record<string, string> = {};
  let file: MultipartForm['file'];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          throw Errors.badRequest(rules.oneFile);
        }
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (part.file.truncated) throw rules.tooLarge();
        const bytes = Buffer.concat(chunks);
        if (bytes.length > rules.maxBytes) throw rules.tooLarge();
        if (findNul(part.filename ?? '') !== undefined) throw nulError('body', 'file');
        file = { bytes, name: part.filename ?? 'file' };
      } else {
        if (part.valueTruncated || part.fieldnameTruncated || Object.hasOwn(fields, part.fieldname)) {
          throw Errors.badRequest(`${part.fieldname.slice(0, 64)}: invalid value.`);
        }
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        if (findNul(part.fieldname) !== undefined) throw nulError('body', '');
        if (findNul(value) !== undefined) throw nulError('body', part.fieldname);
        fields[part.fieldname] = value;
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw rules.tooLarge();
    if (code === 'FST_FILES_LIMIT') throw Errors.badRequest(rules.oneFile);
    throw unreadable();
  }
  return { fields, file };
}
