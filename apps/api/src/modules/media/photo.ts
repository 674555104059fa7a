import { PHOTO_MAX_BYTES } from '@portal/domain/constants';
import { MESSAGES } from '@portal/domain/messages';
import { validatePhotoFile } from '@portal/domain/validation/uploads';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { ApiError, Errors } from '../../platform/errors';
import { stripHeifMetadata } from './heif-metadata';

export const fileSizeLimitError = () => new ApiError(400, 'FileSizeLimitError', MESSAGES.fileTooBig);
const unsupportedType = () => Errors.badRequest(MESSAGES.photoTypeInvalid, 'UnsupportedFileType');

/** Decoding bombs: a small file may describe a huge image. 100 megapixels covers any phone or scanner photo. */
const MAX_PIXELS = 100_000_000;

/**
 * A HEIF file's top-level boxes: `ftyp` first, then boxes whose sizes add up exactly to the file, with
 * a `meta` (the image items) and an `mdat` (their data). A file that only starts like HEIC fails.
 */
export function isWellFormedHeif(bytes: Buffer): boolean {
  const seen = new Set<string>();
  let offset = 0;
  while (offset < bytes.length) {
    if (offset + 8 > bytes.length) return false;
    let size = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (size === 1) {
      if (offset + 16 > bytes.length) return false;
      const big = bytes.readBigUInt64BE(offset + 8);
      if (big > BigInt(bytes.length)) return false;
      size = Number(big);
    } else if (size === 0) {
      size = bytes.length - offset;
    }
    if (size < 8 || offset + size > bytes.length) return false;
    if (offset === 0 && type !== 'ftyp') return false;
    seen.add(type);
    offset += size;
  }
  return seen.has('meta') && seen.has('mdat');
}

export type CleanPhoto = {
  bytes: Buffer;
  mimeType: 'image/png' | 'image/jpeg' | 'image/heic' | 'image/heif';
  /** False only for HEIC/HEIF the image library cannot decode: stored as sent, after checking its content. */
  reencoded: boolean;
};

/**
 * Checks a photo by its content (never its name or declared type) and strips its metadata (EXIF with
 * location, XMP, comments) by decoding and re-encoding it with the orientation applied. PNG stays PNG;
 * JPEG, TIFF and decodable HEIC become JPEG, which every browser shows.
 */
export async function cleanPhoto(input: Buffer): Promise<CleanPhoto> {
  if (input.length > PHOTO_MAX_BYTES) throw fileSizeLimitError();
  const detected = await fileTypeFromBuffer(input);
  if (!detected || validatePhotoFile({ size: input.length, type: detected.mime }) !== undefined) {
    throw unsupportedType();
  }
  const mime = detected.mime;
  const image = () => sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).autoOrient();
  try {
    if (mime === 'image/png') {
      return { bytes: await image().png().toBuffer(), mimeType: 'image/png', reencoded: true };
    }
    if (mime === 'image/jpeg' || mime === 'image/tiff') {
      return {
        bytes: await image().jpeg({ quality: 90 }).toBuffer(),
        mimeType: 'image/jpeg',
        reencoded: true,
      };
    }
  } catch {
    // Claims to be an image but does not decode (damaged, truncated, over the pixel limit).
    throw unsupportedType();
  }
  // HEIC/HEIF: the bundled image library decodes AVIF only (HEVC is not included), so the verified
  // original is kept with its EXIF and XMP items zeroed; where it can decode it, the photo is cleaned
  // like the others.
  try {
    return { bytes: await image().jpeg({ quality: 90 }).toBuffer(), mimeType: 'image/jpeg', reencoded: true };
  } catch {
    if (!isWellFormedHeif(input)) throw unsupportedType();
    let stripped: Buffer;
    try {
      stripped = stripHeifMetadata(input).bytes;
    } catch {
      // Metadata that cannot be located with certainty might keep a location: refuse rather than store it.
      throw unsupportedType();
    }
    return {
      bytes: stripped,
      mimeType: mime === 'image/heif' ? 'image/heif' : 'image/heic',
      reencoded: false,
    };
  }
}
