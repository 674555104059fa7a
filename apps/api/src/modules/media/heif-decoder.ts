import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Decodes HEIC/HEIF photos (HEVC-coded, which the bundled image library cannot read) with libheif, built
 * for WebAssembly (libheif-js, with libde265), in a worker thread: a 12-megapixel photo takes a few hundred
 * milliseconds of CPU, which must not stall the requests on the event loop. One decode runs at a time, a
 * few more wait, each within a time limit; the worker is started on first use and ended when idle, which
 * also hands back the memory a large photo made the WebAssembly heap grow to.
 */

export class HeifDecodeError extends Error {}
/** More photos waiting to be decoded than the queue holds. */
export class HeifDecoderBusy extends Error {}

export type DecodedImage = { width: number; height: number; rgba: Buffer };

type Job = {
  bytes: Buffer;
  maxPixels: number;
  resolve: (image: DecodedImage) => void;
  reject: (error: Error) => void;
};

type Answer = { ok: true; width: number; height: number; data: ArrayBuffer } | { ok: false; reason: string };

/**
 * The worker's code, plain CommonJS so it runs the same under tsx, vitest and the esbuild bundle (no file of
 * its own to ship). It decodes the primary image only after checking its declared size against the limit.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// libheif's JavaScript wrapper reports failures with console.log: the answer says what failed instead.
console.log = () => {};
const libheif = require(workerData.libheif);
parentPort.on('message', ({ bytes, maxPixels }) => {
  const decoder = new libheif.HeifDecoder();
  let images = [];
  const done = (answer, transfer) => {
    for (const image of images) image.free();
    if (decoder.decoder) libheif.heif_context_free(decoder.decoder);
    parentPort.postMessage(answer, transfer);
  };
  try {
    images = decoder.decode(bytes);
    const image = images.find((i) => i.is_primary()) || images[0];
    if (!image) return done({ ok: false, reason: 'no image' });
    const width = image.get_width();
    const height = image.get_height();
    if (!(width > 0 && height > 0)) return done({ ok: false, reason: 'no size' });
    if (width * height > maxPixels) return done({ ok: false, reason: 'too many pixels' });
    const target = { data: new Uint8ClampedArray(width * height * 4), width, height };
    image.display(target, (result) => {
      if (!result) return done({ ok: false, reason: 'image data does not decode' });
      done({ ok: true, width, height, data: result.data.buffer }, [result.data.buffer]);
    });
  } catch (error) {
    done({ ok: false, reason: 'decoder failure' });
  }
});
`;

export type HeifDecoderOptions = {
  /** How long one decode may take before the worker is ended and the photo refused. */
  timeoutMs?: number;
  /** Photos that may wait behind the one being decoded. */
  maxWaiting?: number;
  /** Idle time after which the worker is ended. */
  idleMs?: number;
};

export function createHeifDecoder(options: HeifDecoderOptions = {}) {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxWaiting = options.maxWaiting ?? 8;
  const idleMs = options.idleMs ?? 30_000;
  const libheif = createRequire(import.meta.url).resolve('libheif-js/wasm-bundle');

  let worker: Worker | undefined;
  let current: Job | undefined;
  let timer: NodeJS.Timeout | undefined;
  let idle: NodeJS.Timeout | undefined;
  const waiting: Job[] = [];

  const stop = () => {
    const w = worker;
    worker = undefined;
    if (w) void w.terminate();
  };

  const finish = (outcome: { image: DecodedImage } | { error: Error }) => {
    const job = current;
    current = undefined;
    clearTimeout(timer);
    if (job) {
      if ('image' in outcome) job.resolve(outcome.image);
      else job.reject(outcome.error);
    }
    next();
  };

  const start = (): Worker => {
    const w = new Worker(WORKER_SOURCE, { eval: true, workerData: { libheif } });
    w.unref();
    w.on('message', (answer: Answer) => {
      if (w !== worker) return;
      if (answer.ok) {
        finish({ image: { width: answer.width, height: answer.height, rgba: Buffer.from(answer.data) } });
      } else {
        finish({ error: new HeifDecodeError(answer.reason) });
      }
    });
    const lost = () => {
      if (w !== worker) return;
      worker = undefined;
      finish({ error: new HeifDecodeError('decoder stopped') });
    };
    w.on('error', lost);
    w.on('exit', lost);
    return w;
  };

  function next(): void {
    if (current) return;
    const job = waiting.shift();
    if (!job) {
      clearTimeout(idle);
      idle = setTimeout(stop, idleMs);
      idle.unref();
      return;
    }
    clearTimeout(idle);
    current = job;
    worker ??= start();
    timer = setTimeout(() => {
      // A decode that runs away (a crafted file): the worker is ended, the next photo gets a fresh one.
      stop();
      finish({ error: new HeifDecodeError('decoding took too long') });
    }, timeoutMs);
    timer.unref();
    // A copy the worker owns: the caller's buffer may be a view into a larger pooled one.
    const bytes = new Uint8Array(job.bytes);
    worker.postMessage({ bytes, maxPixels: job.maxPixels }, [bytes.buffer]);
  }

  return {
    /** The primary image's pixels (RGBA); rejects with HeifDecodeError when the file holds no decodable image. */
    decode(bytes: Buffer, maxPixels: number): Promise<DecodedImage> {
      if (waiting.length >= maxWaiting) return Promise.reject(new HeifDecoderBusy());
      return new Promise<DecodedImage>((resolve, reject) => {
        waiting.push({ bytes, maxPixels, resolve, reject });
        next();
      });
    },
    /** Ends the worker (tests, shutdown); photos still waiting are refused. */
    async close(): Promise<void> {
      for (const job of waiting.splice(0)) job.reject(new HeifDecodeError('decoder closed'));
      clearTimeout(idle);
      const w = worker;
      worker = undefined;
      if (current) finish({ error: new HeifDecodeError('decoder closed') });
      if (w) await w.terminate();
    },
  };
}
export type HeifDecoder = ReturnType<typeof createHeifDecoder>;

/** The process's one decoder, shared by every upload. */
export const heifDecoder = createHeifDecoder();
