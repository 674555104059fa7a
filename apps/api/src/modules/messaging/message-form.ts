import { ATTACHMENT_MAX_BYTES } from '@portal/domain/constants';
import type { FastifyRequest } from 'fastify';
import { type MultipartForm, readMultipartForm } from '../../platform/multipart-form';
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

/** Reads a message's form: its text fields and one file of at most 10,000,000 bytes. */
export function readMessageForm(request: FastifyRequest): Promise<MultipartForm> {
  return readMultipartForm(request, {
    maxBytes: ATTACHMENT_MAX_BYTES,
    tooLarge: attachmentTooLarge,
    oneFile: 'Please attach one file at a time, in the field "file".',
  });
}
