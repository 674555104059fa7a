import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_BYTES,
  PHOTO_EXTENSIONS,
  PHOTO_MAX_BYTES,
  PHOTO_MIME_TYPES,
} from '../constants';
import { MESSAGES } from '../messages';

/** Lower-case extension of a file name without the dot, '' when there is none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Message for an identity or profile photo over 10mb or not PNG, JPG, TIFF or HEIC (MIME type, else extension); undefined when accepted. */
export function validatePhotoFile(file: {
  size: number;
  type?: string | null;
  name?: string | null;
}): string | undefined {
  const type = (file.type ?? '').toLowerCase();
  const typeOk =
    (PHOTO_MIME_TYPES as readonly string[]).includes(type) ||
    type === 'image/jpg' ||
    type === 'image/heif' ||
    (PHOTO_EXTENSIONS as readonly string[]).includes(fileExtension(file.name ?? ''));
  if (!typeOk) return MESSAGES.photoTypeInvalid;
  if (file.size > PHOTO_MAX_BYTES) return MESSAGES.fileTooBig;
  return undefined;
}

/** True when a message attachment's extension is jpg, jpeg, png, gif, pdf, doc or docx. */
export function isAllowedAttachment(name: string): boolean {
  return (ATTACHMENT_EXTENSIONS as readonly string[]).includes(fileExtension(name));
}

/** True when the name contains jpg, jpeg, png or gif (001 §5 "image"). */
export function isImageAttachment(name: string): boolean {
  return /jpg|jpeg|png|gif/i.test(name);
}

/** True when the name contains docx or pdf (001 §5 "document"). */
export function isDocumentAttachment(name: string): boolean {
  return /docx|pdf/i.test(name);
}

/** Message for a message attachment of a type not accepted or over 10,000,000 bytes; undefined when accepted. */
export function validateAttachment(file: { name: string; size: number }): string | undefined {
  if (!isAllowedAttachment(file.name)) return MESSAGES.attachmentTypeInvalid;
  if (file.size > ATTACHMENT_MAX_BYTES) return MESSAGES.messageSendFailure;
  return undefined;
}

/** True when a message may be sent: non-blank text or a file, and no send in progress. */
export function canSendMessage(v: { text: string; hasFile: boolean; sending?: boolean }): boolean {
  return !v.sending && (v.text.trim() !== '' || v.hasFile);
}
