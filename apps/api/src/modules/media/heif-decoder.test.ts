import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createHeifDecoder, HeifDecodeError, HeifDecoderBusy } from './heif-decoder';

const HEIC = readFileSync(new URL('./fixtures/photo.heic', import.meta.url));

describe('HEIF decoder (libheif in a worker)', () => {
  it('decodes the primary image to RGBA pixels, off the event loop, and ends its worker on close', async () => {
    const decoder = createHeifDecoder();
    try {
      const image = await decoder.decode(HEIC, 1_000_000);
      expect({ width: image.width, height: image.height }).toEqual({ width: 160, height: 120 });
      expect(image.rgba.length).toBe(160 * 120 * 4);
      // Opaque, and the top-left quadrant is the yellow it was encoded with.
      expect(image.rgba[3]).toBe(255);
      expect(Math.abs(image.rgba[0]! - 220)).toBeLessThan(24);
    } finally {
      await decoder.close();
    }
  });

  it('refuses an image over the pixel bound without decoding it, and a file with no image', async () => {
    const decoder = createHeifDecoder();
    try {
      await expect(decoder.decode(HEIC, 160 * 120 - 1)).rejects.toThrow(
        new HeifDecodeError('too many pixels'),
      );
      await expect(decoder.decode(Buffer.from('<html></html>'), 1_000_000)).rejects.toBeInstanceOf(
        HeifDecodeError,
      );
      // The same worker goes on decoding after refusals.
      expect((await decoder.decode(HEIC, 1_000_000)).width).toBe(160);
    } finally {
      await decoder.close();
    }
  });

  it('bounds the queue and the time of one decode, each timed-out decode ending its worker', async () => {
    const decoder = createHeifDecoder({ maxWaiting: 1, timeoutMs: 1 });
    try {
      const first = decoder.decode(HEIC, 1_000_000);
      const second = decoder.decode(HEIC, 1_000_000);
      await expect(decoder.decode(HEIC, 1_000_000)).rejects.toBeInstanceOf(HeifDecoderBusy);
      // One millisecond is less than a worker needs to load libheif: both time out.
      await expect(first).rejects.toThrow('decoding took too long');
      await expect(second).rejects.toThrow('decoding took too long');
    } finally {
      await decoder.close();
    }
  });
});
