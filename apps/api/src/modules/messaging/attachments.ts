import { ATTACHMENT_MAX_BYTES } from '@portal/domain/constants';
import type { AttachmentKind } from '@portal/domain/contracts/messaging';
import { MESSAGES } from '@portal/domain/messages';
import { fileExtension } from '@portal/domain/validation/uploads';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { ApiError, Errors } from '../../platform/errors';

/** Decoding bombs: a small file may describe a huge image. */
const MAX_PIXELS = 100_000_000;

export const attachmentTooLarge = () => new ApiError(400, 'FileSizeLimitError', MESSAGES.messageSendFailure);
const refused = () => Errors.badRequest(MESSAGES.attachmentTypeInvalid, 'UnsupportedFileType');

export type CleanAttachment = {
  bytes: Buffer;
  mimeType: string;
  kind: AttachmentKind;
  /** The name shown to the reader: the sender's name, reduced to safe characters, with the true extension. */
  name: string;
};

const EXTENSION_OF: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

/** A display name from the sender's: no path, no control or markup characters, at most 120 characters. */
export function safeFileName(original: string | undefined, extension: string): string {
  const base = (original ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N} _().,-]/gu, '')
    .trim()
    .slice(0, 100);
  return `${base || 'file'}.${extension}`;
}

/**
 * Checks a message attachment by its content, never its name or declared type (001 §5: jpg, jpeg, png, gif,
 * pdf, doc, docx up to 10,000,000 bytes). JPEG and PNG are decoded and encoded again, which drops their
 * metadata (a phone photo's location); a GIF must decode; PDF and Word files must carry their format's
 * signature (a .doc is an OLE compound file, a .docx a Word package) and are stored as sent.
 */
export async function cleanAttachment(input: Buffer, originalName?: string): Promise<CleanAttachment> {
  if (input.length > ATTACHMENT_MAX_BYTES) throw attachmentTooLarge();
  if (input.length === 0) throw refused();
  const detected = await fileTypeFromBuffer(input);
  let mime = detected?.mime as string | undefined;
  // file-type names an OLE compound file 'cfb': a Word 97-2003 document when the sender called it .doc
  if (mime === 'application/x-cfb' && fileExtension(originalName ?? '') === 'doc')
    mime = 'application/msword';
  const extension = mime ? EXTENSION_OF[mime] : undefined;
  if (!mime || !extension) throw refused();
  const name = safeFileName(originalName, extension);
  if (mime === 'image/jpeg' || mime === 'image/png' || mime === 'image/gif') {
    try {
      const image = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error', animated: true });
      if (mime === 'image/gif') {
        await image.metadata().then((m) => {
          if (!m.width || !m.height) throw new Error('no image');
        });
        await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).raw().toBuffer();
        return { bytes: input, mimeType: mime, kind: 'private-image', name };
      }
      const bytes =
        mime === 'image/png'
          ? await image.autoOrient().png().toBuffer()
          : await image.autoOrient().jpeg({ quality: 90 }).toBuffer();
      if (bytes.length > ATTACHMENT_MAX_BYTES) throw attachmentTooLarge();
      return { bytes, mimeType: mime, kind: 'private-image', name };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw refused();
    }
  }
  return { bytes: input, mimeType: mime, kind: 'document', name };
}

/** How a stored file is presented: an image is shown in the bubble, anything else is a document. */
export const kindOfMime = (mimeType: string): AttachmentKind =>
  mimeType.startsWith('image/') ? 'private-image' : 'document';
