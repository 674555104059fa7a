import { PHOTO_MAX_BYTES } from '@portal/domain/constants';
import { MESSAGES } from '@portal/domain/messages';
import { validatePhotoFile } from '@portal/domain/validation/uploads';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { ApiError, Errors } from '../../platform/errors';
import { HeifDecoderBusy, heifDecoder } from './heif-decoder';

export const fileSizeLimitError = () => new ApiError(400, 'FileSizeLimitError', MESSAGES.fileTooBig);
const unsupportedType = () => Errors.badRequest(MESSAGES.photoTypeInvalid, 'UnsupportedFileType');

/** Decoding bombs: a small file may describe a huge image. 100 megapixels covers any phone or scanner photo. */
const MAX_PIXELS = 100_000_000;
/**
 * HEIC is decoded in WebAssembly, whose memory holds the whole image: 64 megapixels covers the largest phone
 * photos (48 MP) and keeps one decode under about half a gigabyte.
 */
export const HEIF_MAX_PIXELS = 64_000_000;

export type CleanPhoto = {
  bytes: Buffer;
  mimeType: 'image/png' | 'image/jpeg';
};

/**
 * Checks a photo by its content (never its name or declared type) and strips its metadata (EXIF with
 * location, XMP, comments) by decoding it and encoding the pixels again, with the orientation applied. A file
 * is a photo only when its image data decodes, and what is stored (and served back) is always the new
 * encoding, never the bytes sent. PNG stays PNG; JPEG, TIFF and HEIC/HEIF become JPEG, which every browser shows.
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
      return { bytes: await image().png().toBuffer(), mimeType: 'image/png' };
    }
    if (mime === 'image/jpeg' || mime === 'image/tiff') {
      return { bytes: await image().jpeg({ quality: 90 }).toBuffer(), mimeType: 'image/jpeg' };
    }
  } catch {
    // Claims to be an image but does not decode (damaged, truncated, over the pixel limit).
    throw unsupportedType();
  }
  return { bytes: await heifToJpeg(input), mimeType: 'image/jpeg' };
}

/**
 * HEIC/HEIF: the bundled image library decodes AV1-coded HEIF (AVIF) but not HEVC, the coding of phone
 * photos; those are decoded by libheif in a worker. Either way the pixels are encoded again as JPEG.
 */
async function heifToJpeg(input: Buffer): Promise<Buffer> {
  try {
    return await sharp(input, { limitInputPixels: HEIF_MAX_PIXELS, failOn: 'error' })
      .autoOrient()
      .jpeg({ quality: 90 })
      .toBuffer();
  } catch {
    // Not decodable by the bundled library: libheif decides below.
  }
  let decoded: Awaited<ReturnType<typeof heifDecoder.decode>>;
  try {
    decoded = await heifDecoder.decode(input, HEIF_MAX_PIXELS);
  } catch (error) {
    if (error instanceof HeifDecoderBusy) throw Errors.tooManyRequests(5);
    throw unsupportedType();
  }
  // libheif has applied the file's rotation and mirroring; transparency (rare in photos) lies on white.
  return sharp(decoded.rgba, { raw: { width: decoded.width, height: decoded.height, channels: 4 } })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90 })
    .toBuffer();
}
