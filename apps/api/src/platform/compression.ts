import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * JSON answers and the page itself, compressed for a browser that asks (Accept-Encoding), when larger than a
 * packet or so. A signed-in page's first data is tens of kilobytes of JSON (the dashboard's batch: 51 KB, a
 * patient's subscriptions alone 28 KB), which on a phone's link is several round trips of TCP's first window;
 * compressed it is a fifth of that. Built files are compressed once at build time and served as they are.
 *
 * - Brotli at quality 4 (what browsers ask for) and gzip at level 4: about a tenth of a millisecond for 30 KB of
 *   JSON, in one call for answers up to 64 KB (the plugin's stream path costs more than it saves below that).
 * - Only the types that shrink: text, HTML, JSON, SVG. Photos, PDFs and other files are already compressed.
 * - Request bodies are not decompressed: what the API reads stays as it is sent, within its size limits.
 * - No BREACH-style exposure: the API's credentials travel in the Authorization header of the app's own
 *   requests, never in a cookie another site's page could make the browser send.
 */
const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];
const THRESHOLD = 1400;
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP = { level: 4 };
/** Answers up to this size are compressed in one call rather than through a stream: well under a millisecond. */
const SYNC_UP_TO = 64 * 1024;
const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?json|image\/svg\+xml)/;

export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ENCODINGS,
    threshold: THRESHOLD,
    brotliOptions: BROTLI,
    zlibOptions: GZIP,
    syncThreshold: SYNC_UP_TO,
    customTypes: COMPRESSIBLE,
  });
}

/**
 * Sends a page (the app's index.html with the clinic's head) compressed as the routes' answers are: a page
 * has no route of its own, so the plugin's hook never meets it.
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  const accepted = request.headers['accept-encoding'];
  const encoding = typeof accepted === 'string' ? negotiate(accepted, ENCODINGS) : null;
  reply.header('vary', 'accept-encoding');
  if (!encoding || Buffer.byteLength(html) < THRESHOLD) return reply.send(html);
  const body = encoding === 'br' ? brotliCompressSync(html, BROTLI) : gzipSync(html, GZIP);
  return reply.header('content-encoding', encoding).send(body);
}
