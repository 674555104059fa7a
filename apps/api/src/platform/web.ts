import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { brandShades } from '@portal/domain/branding/contrast';
import type { Organization } from '@portal/domain/contracts/organization';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendPage } from './compression';
import { escapeHtml } from './html';

/** JSON safe to place inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const COLOR = /^#[0-9a-f]{3,8}$/i;

/**
 * The brand's name, favicon, colour and data written into the page itself, so the first paint is
 * already the clinic's: no flash of another brand while a request is in flight.
 */
/** Error reporting the page may use (a browser DSN is a public key); absent when none is configured. */
export type PageReporting = {
  dsn: string;
  environment: string;
  traces_sample_rate: number;
  replays_session_sample_rate: number;
  replays_on_error_sample_rate: number;
};

export function brandHead(
  org: Organization,
  fallback: boolean,
  demo = false,
  reporting?: PageReporting,
  segmentWriteKey?: string,
): string {
  const color = COLOR.test(org.settings.brand.primary_color) ? org.settings.brand.primary_color : '#0f8a5f';
  const name = org.settings.name || org.name;
  // The same accessible shades the web app derives (4.5:1 text), so the first paint already has them.
  const shades = brandShades(color);
  return [
    `<title>${escapeHtml(name)}</title>`,
    `<link rel="icon" href="${escapeHtml(org.settings.favicons.icon)}">`,
    `<meta name="theme-color" content="${color}">`,
    `<style>:root{--brand-primary:${color};--brand-solid:${shades.solid};--brand-primary-contrast:${shades.onSolid};--ui-brand-text:${shades.text}}</style>`,
    `<script type="application/json" id="portal-brand">${scriptJson({
      organization: org,
      fallback,
      demo,
      ...(reporting ? { reporting } : {}),
      ...(segmentWriteKey ? { analytics: { segment_write_key: segmentWriteKey } } : {}),
    })}</script>`,
  ].join('');
}

/** A browser navigating to a page (not the API client, which asks for JSON). */
export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.headers['sec-fetch-mode'] === 'navigate') return true;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') && !accept.includes('application/json');
}

/**
 * Serves the built single-page app from the same process and port as the API. Page navigations get
 * index.html with the brand of the requesting host; hashed assets are cached for a year.
 */
/** The clinic served on a host, and whether it is the fallback for an unknown host (000 §1). */
export type BrandOfHost = (
  host: string | undefined,
) => Promise<{ organization: Organization; fallback: boolean } | undefined>;

/** `demo`: the page says it is a demo portal (DEMO_MODE), where cards are not charged. */
export async function serveWebApp(
  app: FastifyInstance,
  distDir: string,
  resolveBrand: BrandOfHost,
  {
    demo,
    reporting,
    segmentWriteKey,
  }: { demo: boolean; reporting?: PageReporting | undefined; segmentWriteKey?: string | undefined },
) {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build` to serve the portal pages');
    return;
  }
  const template = readFileSync(indexFile, 'utf8');

  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: false,
    preCompressed: true,
    // Our own Cache-Control below: hashed assets for a year, other files for an hour.
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : // the version file says when a new build is out (002 §4.10): always asked of the server
            path.basename(filePath) === 'version.json'
            ? 'no-cache'
            : 'public, max-age=3600',
      );
    },
  });

  const renderIndex = async (request: FastifyRequest) => {
    const brand = await resolveBrand(request.headers.host);
    const head = brand ? brandHead(brand.organization, brand.fallback, demo, reporting, segmentWriteKey) : '';
    return template.replace('<!--portal-brand-->', head);
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!isPageRequest(request)) return;
    const url = request.url;
    if (url.startsWith('/api/docs') || /\.[a-z0-9]{2,5}(\?|$)/i.test(url.split('?')[0] ?? '')) return;
    const html = await renderIndex(request);
    reply.code(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache');
    return sendPage(request, reply, html);
  });
}
