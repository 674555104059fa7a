import { ATTACHMENT_MAX_BYTES } from '@portal/domain/constants';
import type { FastifyRequest } from 'fastify';
import { ApiError, Errors } from '../../platform/errors';
import { findNul, nulError } from '../../platform/input-checks';
import { attachmentTooLarge } from './attachments';

/** Busboy limits of a message form: one file of at most 10,000,000 bytes plus one (so more is detected). */
export const MESSAGE_FORM_LIMITS = {
  fileSize: ATTACHMENT_MAX_BYTES + 1,
  files: 1,
  fields: 10,
  parts: 11,
  fieldNameSize: 64,
  fieldSize: 12_000,
  headerPairs: 50,
} as const;

export type MessageForm = {
  fields: Record<string, string>;
  file?: { bytes: Buffer; name: string } | undefined;
};

const unreadable = () =>
  Errors.badRequest('The upload could not be read. Please try again.', 'InvalidUpload');

/** Reads a message's form: its text fields and the `file` part into memory, stopping at the size limit. */
export async function readMessageForm(request: FastifyRequest): Promise<MessageForm> {
  const fields: Record<string, string> = {};
  let file: MessageForm['file'];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          part.file.resume();
          throw Errors.badRequest('Please send one file in the field "file".');
        }
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (part.file.truncated) throw attachmentTooLarge();
        const bytes = Buffer.concat(chunks);
        if (bytes.length > ATTACHMENT_MAX_BYTES) throw attachmentTooLarge();
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
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw attachmentTooLarge();
    if (code === 'FST_FILES_LIMIT') throw Errors.badRequest('Please attach one file at a time.');
    throw unreadable();
  }
  return { fields, file };
}
