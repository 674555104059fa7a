import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, signupPatient, type TestApp } from '../test/harness';
import { createWebDist } from '../test/web-dist';

let t: TestApp;
let dist: string;
let web: ReturnType<typeof createWebDist>;
let org: string;
let patient: Awaited<ReturnType<typeof signupPatient>>;

beforeAll(async () => {
  web = createWebDist();
  dist = web.dir;
  t = await createTestApp({ WEB_DIST: dist });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  patient = await signupPatient(t.app, org);
});
afterAll(async () => {
  await t.close();
  web.remove();
});

/** The body as the browser reads it, after undoing the answer's Content-Encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return res.body;
}

/** The clinic's medications: a JSON answer of several kilobytes. */
const CATALOGUE = '/v2/products?product_type=medication&limit=50';

const get = (url: string, encoding?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    url,
    headers: {
      accept: 'application/json',
      ...bearer(patient.token),
      ...(encoding ? { 'accept-encoding': encoding } : {}),
      ...headers,
    },
  });

describe('compressed answers', () => {
  it('sends a large JSON answer in Brotli, or gzip, to a client that asks, and the same JSON decoded', async () => {
    const plain = await get(CATALOGUE);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(4000);

    const br = await get(CATALOGUE, 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(decoded(br))).toEqual(JSON.parse(plain.body));
    // the answer keeps the API's own headers
    expect(br.headers['cache-control']).toBe('no-store');

    const gzip = await get(CATALOGUE, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzip))).toEqual(JSON.parse(plain.body));

    // an encoding the server does not speak leaves the answer as it is
    const identity = await get(CATALOGUE, 'compress');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
  });

  it('leaves a small answer as it is: compressing a few bytes costs more than it saves', async () => {
    const res = await get('/health', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: expect.any(String) });
  });

  it('compresses a batch once, as a whole, with each read inside it as JSON', async () => {
    const urls = [`/users/${org}/user/${patient.id}/patient`, CATALOGUE, '/v2/notifications?page=1'];
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/batch',
      headers: { ...bearer(patient.token), 'accept-encoding': 'br' },
      payload: { requests: urls.map((url) => ({ method: 'GET', url })) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const { responses } = JSON.parse(decoded(res)) as { responses: { status: number; body: unknown }[] };
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(responses[1]?.body).toEqual(json(await get(CATALOGUE)));
  });

  it('sends the page compressed, with the clinic written into it', async () => {
    const page = (encoding?: string) =>
      t.app.inject({
        url: '/dashboard',
        headers: {
          host: 'localhost:3000',
          accept: 'text/html',
          'sec-fetch-mode': 'navigate',
          ...(encoding ? { 'accept-encoding': encoding } : {}),
        },
      });
    const br = await page('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toContain('text/html');
    const html = decoded(br);
    expect(html).toContain('<title>Evergreen Longevity</title>');
    expect(decoded(await page('gzip'))).toBe(html);
    const plain = await page();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });
});
