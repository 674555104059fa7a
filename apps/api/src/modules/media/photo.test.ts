import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { heifDecoder } from './heif-decoder';
import { cleanPhoto } from './photo';

afterAll(() => heifDecoder.close());

/** A 160x120 HEIC made with libheif's heif-enc (x265) from a JPEG with EXIF (camera, artist, GPS). */
export const HEIC_FIXTURE = readFileSync(new URL('./fixtures/photo.heic', import.meta.url));

const box = (type: string, body: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
/** The top-level boxes of a HEIF file, with their offsets. */
function topBoxes(bytes: Buffer) {
  const list: { type: string; start: number; end: number }[] = [];
  for (let at = 0; at < bytes.length; ) {
    const size = bytes.readUInt32BE(at);
    list.push({ type: bytes.toString('latin1', at + 4, at + 8), start: at, end: at + size });
    at += size;
  }
  return list;
}
const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'.repeat(8));
const refused = { statusCode: 400, text: 'UnsupportedFileType' };

describe('cleanPhoto', () => {
  it('decodes a genuine HEIC photo and stores the JPEG of its pixels, without its EXIF', async () => {
    const out = await cleanPhoto(HEIC_FIXTURE);
    expect(out.mimeType).toBe('image/jpeg');
    const meta = await sharp(out.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 160, height: 120 });
    expect(meta.exif).toBeUndefined();
    expect(out.bytes.includes('PortalTestCam')).toBe(false);
    // The picture itself: its quadrants keep the colours they were encoded with (JPEG and HEVC are lossy).
    const { data } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 160 + x) * 3, (y * 160 + x) * 3 + 3)];
    const near = (got: number[], want: number[]) => got.every((v, i) => Math.abs(v - want[i]!) <= 24);
    expect(at(20, 20), 'top left').toSatisfy((p: number[]) => near(p, [220, 200, 28]));
    expect(at(140, 100), 'bottom right').toSatisfy((p: number[]) => near(p, [30, 40, 223]));
  });

  it('refuses HEIF boxes around HTML, with no image data', async () => {
    const ftyp = box('ftyp', Buffer.concat([Buffer.from('heic'), Buffer.alloc(4), Buffer.from('mif1heic')]));
    const fakes = [
      Buffer.concat([ftyp, box('meta', Buffer.alloc(64)), box('mdat', HTML)]),
      Buffer.concat([ftyp, box('meta', Buffer.concat([Buffer.alloc(4), HTML])), box('mdat', HTML)]),
      Buffer.concat([ftyp, HTML]),
    ];
    for (const fake of fakes) await expect(cleanPhoto(fake)).rejects.toMatchObject(refused);
  });

  it('refuses a genuine HEIC whose image data is cut off or replaced by garbage', async () => {
    const boxes = topBoxes(HEIC_FIXTURE);
    const mdat = boxes.find((b) => b.type === 'mdat')!;
    const truncated = HEIC_FIXTURE.subarray(0, mdat.start + 24);
    // The same file, every box in place, with the coded picture overwritten by HTML.
    const garbage = Buffer.from(HEIC_FIXTURE);
    for (let i = mdat.start + 8; i < mdat.end; i += 1) garbage[i] = HTML[(i - mdat.start) % HTML.length]!;
    const noData = Buffer.concat([HEIC_FIXTURE.subarray(0, mdat.start), box('mdat', Buffer.alloc(0))]);
    for (const [label, bytes] of [
      ['truncated', truncated],
      ['garbage', garbage],
      ['empty mdat', noData],
    ] as const) {
      await expect(cleanPhoto(bytes), label).rejects.toMatchObject(refused);
    }
  });

  it('refuses a HEIC that declares a huge image (decompression bomb) before decoding it', async () => {
    // The image's `ispe` property holds its width and height: 100000 x 100000 is 10 gigapixels.
    const bomb = Buffer.from(HEIC_FIXTURE);
    const ispe = bomb.indexOf('ispe');
    expect(ispe).toBeGreaterThan(0);
    expect([bomb.readUInt32BE(ispe + 8), bomb.readUInt32BE(ispe + 12)]).toEqual([160, 120]);
    bomb.writeUInt32BE(100_000, ispe + 8);
    bomb.writeUInt32BE(100_000, ispe + 12);
    await expect(cleanPhoto(bomb)).rejects.toMatchObject(refused);
    // Just past our own limit (64 megapixels), under libheif's: refused by the pixel bound.
    bomb.writeUInt32BE(8001, ispe + 8);
    bomb.writeUInt32BE(8000, ispe + 12);
    await expect(cleanPhoto(bomb)).rejects.toMatchObject(refused);
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

  it('refuses JPEG and PNG headers without image data, and never stores bytes as sent', async () => {
    const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#abc' } })
      .jpeg()
      .toBuffer();
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#abc' } })
      .png()
      .toBuffer();
    for (const fake of [
      Buffer.concat([jpeg.subarray(0, 4), HTML]),
      Buffer.concat([png.subarray(0, 33), HTML]),
    ]) {
      await expect(cleanPhoto(fake)).rejects.toMatchObject(refused);
    }
    // JPEG headers followed by HTML as the scan: refused, or at most stored as our own encoding of pixels.
    const scan = jpeg.indexOf(Buffer.from([0xff, 0xda]));
    const polyglot = Buffer.concat([jpeg.subarray(0, scan + 14), HTML]);
    const out = await cleanPhoto(polyglot).catch(() => undefined);
    if (out) expect(out.bytes.includes('<script>')).toBe(false);
  });
});
