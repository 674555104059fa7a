import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cleanPhoto, isWellFormedHeif } from './photo';

const box = (type: string, body: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
/** The box layout of an iPhone HEIC (ftyp heic, meta, mdat), with placeholder contents. */
const heic = () =>
  Buffer.concat([
    box('ftyp', Buffer.concat([Buffer.from('heic'), Buffer.alloc(4), Buffer.from('mif1heic')])),
    box('meta', Buffer.alloc(64)),
    box('mdat', Buffer.alloc(256, 7)),
  ]);

describe('cleanPhoto', () => {
  it('keeps a verified HEIC the library cannot decode as sent, and says so', async () => {
    const input = heic();
    expect(isWellFormedHeif(input)).toBe(true);
    const out = await cleanPhoto(input);
    // Where the bundled library gains an HEVC decoder, the photo is re-encoded instead.
    if (out.reencoded) expect(out.mimeType).toBe('image/jpeg');
    else expect(out).toEqual({ bytes: input, mimeType: 'image/heic', reencoded: false });
  });

  it('refuses a file that only starts like HEIC', async () => {
    const fake = Buffer.concat([heic().subarray(0, 24), Buffer.from('<?php echo "x"; ?>')]);
    expect(isWellFormedHeif(fake)).toBe(false);
    await expect(cleanPhoto(fake)).rejects.toMatchObject({ statusCode: 400, text: 'UnsupportedFileType' });
  });

  it('turns a TIFF into a JPEG without metadata', async () => {
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#abc' } })
      .tiff()
      .withExif({ IFD0: { Artist: 'someone' } })
      .toBuffer();
    const out = await cleanPhoto(tiff);
    expect(out.mimeType).toBe('image/jpeg');
    const meta = await sharp(out.bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
  });
});
