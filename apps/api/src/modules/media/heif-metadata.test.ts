import { describe, expect, it } from 'vitest';
import { HeifParseError, stripHeifMetadata } from './heif-metadata';
import { cleanPhoto } from './photo';

const GPS = 'GPSLatitude=37.7749N;GPSLongitude=122.4194W';

const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const u8 = (n: number) => Buffer.from([n]);
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
/** version (1 byte) and flags (3 bytes) of a full box */
const full = (version: number) => Buffer.from([version, 0, 0, 0]);
const infe = (id: number, type: string, ...rest: Buffer[]) =>
  box('infe', full(2), u16(id), u16(0), Buffer.from(type, 'latin1'), ...rest);

const IMAGE = Buffer.alloc(48, 0x07);
/** EXIF item payload: 4-byte TIFF header offset, "Exif\0\0", a TIFF header and a GPS reading. */
const EXIF = Buffer.concat([u32(6), Buffer.from('Exif\0\0MM\0*', 'latin1'), Buffer.from(GPS)]);
const XMP = Buffer.from(`<x:xmpmeta><rdf:Description exif:${GPS}/></x:xmpmeta>`);

const ftyp = () => box('ftyp', Buffer.from('heic'), u32(0), Buffer.from('mif1heic'));

/**
 * A minimal HEIC: ftyp, meta { hdlr, iinf [hvc1 #1, Exif #2], iloc v0 (4-byte offsets and lengths, in the
 * file) }, mdat [image, exif]. The meta box has a fixed size, so the mdat offsets are worked out from it.
 */
function heicWithExif(opts: { exifLength?: number } = {}): { file: Buffer; exifAt: number; imageAt: number } {
  const build = (imageAt: number, exifAt: number) => {
    const meta = box(
      'meta',
      full(0),
      box('hdlr', full(0), u32(0), Buffer.from('pict'), Buffer.alloc(12), u8(0)),
      box('iinf', full(0), u16(2), infe(1, 'hvc1', u8(0)), infe(2, 'Exif', u8(0))),
      box(
        'iloc',
        full(0),
        u16(0x4400), // offset_size 4, length_size 4, base_offset_size 0
        u16(2),
        ...[
          [1, imageAt, IMAGE.length],
          [2, exifAt, opts.exifLength ?? EXIF.length],
        ].flatMap(([id, offset, length]) => [u16(id!), u16(0), u16(1), u32(offset!), u32(length!)]),
      ),
    );
    return Buffer.concat([ftyp(), meta, box('mdat', IMAGE, EXIF)]);
  };
  const probe = build(0, 0);
  const imageAt = probe.length - IMAGE.length - EXIF.length;
  const exifAt = imageAt + IMAGE.length;
  return { file: build(imageAt, exifAt), exifAt, imageAt };
}

/** XMP stored inside meta's idat, located with iloc version 1 and construction method 1. */
function heicWithIdatXmp(): Buffer {
  const meta = box(
    'meta',
    full(0),
    box(
      'iinf',
      full(0),
      u16(2),
      infe(1, 'hvc1', u8(0)),
      infe(3, 'mime', Buffer.from('XMP\0application/rdf+xml\0', 'latin1')),
    ),
    box(
      'iloc',
      full(1),
      u16(0x4400),
      u16(1),
      // item 3: construction_method 1 (idat), data_reference_index 0, one extent at 0 of its whole length
      u16(3),
      u16(1),
      u16(0),
      u16(1),
      u32(0),
      u32(XMP.length),
    ),
    box('idat', XMP),
  );
  return Buffer.concat([ftyp(), meta, box('mdat', IMAGE)]);
}

describe('stripHeifMetadata', () => {
  it('zeroes the Exif item in place and leaves everything else as it was', () => {
    const { file, exifAt, imageAt } = heicWithExif();
    expect(file.includes(GPS)).toBe(true);
    const { bytes, cleared } = stripHeifMetadata(file);
    expect(cleared).toBe(EXIF.length);
    expect(bytes.length).toBe(file.length);
    expect(bytes.includes(GPS)).toBe(false);
    expect(bytes.subarray(exifAt, exifAt + EXIF.length).every((b) => b === 0)).toBe(true);
    expect(bytes.subarray(0, exifAt)).toEqual(file.subarray(0, exifAt));
    expect(bytes.subarray(imageAt, imageAt + IMAGE.length)).toEqual(IMAGE);
    // The caller's buffer is not changed.
    expect(file.includes(GPS)).toBe(true);
  });

  it('zeroes XMP kept in the meta box’s idat', () => {
    const file = heicWithIdatXmp();
    const { bytes, cleared } = stripHeifMetadata(file);
    expect(cleared).toBe(XMP.length);
    expect(bytes.includes(GPS)).toBe(false);
    expect(bytes.length).toBe(file.length);
  });

  it('refuses an Exif extent reaching past the file', () => {
    const { file } = heicWithExif({ exifLength: 10_000 });
    expect(() => stripHeifMetadata(file)).toThrow(HeifParseError);
  });
});

describe('cleanPhoto with HEIC', () => {
  it('stores an undecodable HEIC without its GPS position', async () => {
    const { file } = heicWithExif();
    const out = await cleanPhoto(file);
    expect(out.bytes.includes(GPS)).toBe(false);
    if (!out.reencoded) {
      expect(out.mimeType).toBe('image/heic');
      expect(out.bytes.length).toBe(file.length);
    }
  });

  it('refuses a HEIC whose metadata cannot be located', async () => {
    const { file } = heicWithExif({ exifLength: 10_000 });
    await expect(cleanPhoto(file)).rejects.toMatchObject({ statusCode: 400, text: 'UnsupportedFileType' });
  });
});
