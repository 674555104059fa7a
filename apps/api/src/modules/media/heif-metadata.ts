/**
 * Metadata removal for HEIC/HEIF files kept as sent (the bundled image library cannot decode HEVC).
 *
 * In HEIF (ISO/IEC 23008-12 over the ISO base media file format) EXIF and XMP are items of the top-level
 * `meta` box: `iinf` lists each item's type (`Exif`, or `mime` with content type application/rdf+xml for
 * XMP) and `iloc` says where its bytes are (extents in the file, or in `meta`'s `idat`). Those bytes are
 * overwritten with zeros in place: nothing moves, so every offset in the file stays valid and the image
 * still opens, while the camera model, timestamps and GPS position are gone.
 */

export class HeifParseError extends Error {}

type Box = { type: string; start: number; body: number; end: number };

/** The boxes laid end to end in [from, to) of `bytes`. */
function boxes(bytes: Buffer, from: number, to: number): Box[] {
  const list: Box[] = [];
  let offset = from;
  while (offset < to) {
    if (offset + 8 > to) throw new HeifParseError('truncated box header');
    let size = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    let body = offset + 8;
    if (size === 1) {
      if (offset + 16 > to) throw new HeifParseError('truncated large size');
      const large = bytes.readBigUInt64BE(offset + 8);
      if (large > BigInt(to - offset)) throw new HeifParseError('box past its parent');
      size = Number(large);
      body = offset + 16;
    } else if (size === 0) {
      size = to - offset;
    }
    if (size < body - offset || offset + size > to) throw new HeifParseError('box past its parent');
    list.push({ type, start: offset, body, end: offset + size });
    offset += size;
  }
  return list;
}

/** Reads an unsigned big-endian integer of 0, 4 or 8 bytes (iloc's variable field sizes). */
function readSized(bytes: Buffer, at: number, size: number, end: number): number {
  if (at + size > end) throw new HeifParseError('truncated field');
  if (size === 0) return 0;
  if (size === 4) return bytes.readUInt32BE(at);
  if (size === 8) {
    const value = bytes.readBigUInt64BE(at);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new HeifParseError('offset too large');
    return Number(value);
  }
  throw new HeifParseError(`unsupported field size ${size}`);
}

function cString(bytes: Buffer, at: number, end: number): { value: string; next: number } {
  const zero = bytes.indexOf(0, at);
  const stop = zero === -1 || zero >= end ? end : zero;
  return { value: bytes.toString('utf8', at, stop), next: Math.min(stop + 1, end) };
}

/** Item ids of EXIF and XMP items, from `iinf` (ISO/IEC 14496-12 §8.11.6). */
function metadataItemIds(bytes: Buffer, iinf: Box): Set<number> {
  const version = bytes.readUInt8(iinf.body);
  const entries = iinf.body + 4 + (version === 0 ? 2 : 4);
  const ids = new Set<number>();
  for (const infe of boxes(bytes, entries, iinf.end)) {
    if (infe.type !== 'infe') continue;
    const v = bytes.readUInt8(infe.body);
    // Versions 0 and 1 carry no item type; HEIF writes version 2 or 3.
    if (v < 2) continue;
    let at = infe.body + 4;
    const idSize = v === 2 ? 2 : 4;
    if (at + idSize + 6 > infe.end) throw new HeifParseError('truncated infe');
    const id = v === 2 ? bytes.readUInt16BE(at) : bytes.readUInt32BE(at);
    at += idSize + 2; // item_ID, item_protection_index
    const itemType = bytes.toString('latin1', at, at + 4);
    at += 4;
    if (itemType === 'Exif') ids.add(id);
    if (itemType === 'mime') {
      const name = cString(bytes, at, infe.end);
      const contentType = cString(bytes, name.next, infe.end).value.toLowerCase();
      if (contentType.includes('rdf+xml') || contentType.includes('xmp')) ids.add(id);
    }
  }
  return ids;
}

type Extent = { offset: number; length: number };

/** Byte ranges of the named items, from `iloc` (ISO/IEC 14496-12 §8.11.3), as absolute file offsets. */
function itemExtents(bytes: Buffer, iloc: Box, wanted: Set<number>, idat: Box | undefined): Extent[] {
  const version = bytes.readUInt8(iloc.body);
  let at = iloc.body + 4;
  const sizes = bytes.readUInt16BE(at);
  at += 2;
  const offsetSize = (sizes >> 12) & 0xf;
  const lengthSize = (sizes >> 8) & 0xf;
  const baseOffsetSize = (sizes >> 4) & 0xf;
  const indexSize = version === 1 || version === 2 ? sizes & 0xf : 0;
  const itemCount = version < 2 ? bytes.readUInt16BE(at) : bytes.readUInt32BE(at);
  at += version < 2 ? 2 : 4;
  const extents: Extent[] = [];
  for (let i = 0; i < itemCount; i += 1) {
    if (at + (version < 2 ? 2 : 4) > iloc.end) throw new HeifParseError('truncated iloc');
    const id = version < 2 ? bytes.readUInt16BE(at) : bytes.readUInt32BE(at);
    at += version < 2 ? 2 : 4;
    let construction = 0;
    if (version === 1 || version === 2) {
      construction = bytes.readUInt16BE(at) & 0xf;
      at += 2;
    }
    at += 2; // data_reference_index
    const base = readSized(bytes, at, baseOffsetSize, iloc.end);
    at += baseOffsetSize;
    const extentCount = bytes.readUInt16BE(at);
    at += 2;
    for (let e = 0; e < extentCount; e += 1) {
      at += indexSize;
      const offset = readSized(bytes, at, offsetSize, iloc.end);
      at += offsetSize;
      const length = readSized(bytes, at, lengthSize, iloc.end);
      at += lengthSize;
      if (!wanted.has(id)) continue;
      if (construction === 0) {
        extents.push({ offset: base + offset, length: length || bytes.length - (base + offset) });
      } else if (construction === 1) {
        if (!idat) throw new HeifParseError('idat item without idat');
        const start = idat.body + base + offset;
        extents.push({ offset: start, length: length || idat.end - start });
      } else {
        // Data built from another item: that item is itself listed and cleared when it is metadata.
        throw new HeifParseError('metadata item built from another item');
      }
    }
  }
  return extents;
}

/**
 * A copy of a HEIF file with the bytes of its EXIF and XMP items replaced by zeros (same length), and how
 * many bytes were cleared. Throws HeifParseError when the metadata structure cannot be read with certainty.
 */
export function stripHeifMetadata(input: Buffer): { bytes: Buffer; cleared: number } {
  const bytes = Buffer.from(input);
  const meta = boxes(bytes, 0, bytes.length).find((b) => b.type === 'meta');
  if (!meta) return { bytes, cleared: 0 };
  // `meta` is a full box: version and flags come before its children.
  const children = boxes(bytes, meta.body + 4, meta.end);
  const iinf = children.find((b) => b.type === 'iinf');
  const iloc = children.find((b) => b.type === 'iloc');
  if (!iinf) return { bytes, cleared: 0 };
  const wanted = metadataItemIds(bytes, iinf);
  if (wanted.size === 0) return { bytes, cleared: 0 };
  if (!iloc) throw new HeifParseError('metadata items without locations');
  const idat = children.find((b) => b.type === 'idat');
  let cleared = 0;
  for (const { offset, length } of itemExtents(bytes, iloc, wanted, idat)) {
    if (offset < 0 || length < 0 || offset + length > bytes.length) {
      throw new HeifParseError('item extent outside the file');
    }
    bytes.fill(0, offset, offset + length);
    cleared += length;
  }
  return { bytes, cleared };
}
