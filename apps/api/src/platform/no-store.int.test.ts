import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../test/harness';
import { createWebDist } from '../test/web-dist';

let t: TestApp;
let dist: string;
let web: ReturnType<typeof createWebDist>;
let org: string;

beforeAll(async () => {
  web = createWebDist({
    'robots.txt': 'User-agent: *',
    'version.json': '{"version":"2026-11-28T03:00:00.000Z"}',
  });
  dist = web.dir;
  t = await createTestApp({ WEB_DIST: dist });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
});
afterAll(async () => {
  await t.close();
  web.remove();
});

const api = { accept: 'application/json' };

describe('Cache-Control: no-store on every API answer', () => {
  it('on 404s of unknown paths, whatever the method or Accept header', async () => {
    const requests = [
      { url: '/v2/does-not-exist', headers: api },
      { url: '/v2/does-not-exist' },
      { url: '/users/nothing/here?x=1', headers: api },
      { method: 'POST' as const, url: '/v2/does-not-exist', headers: api, payload: { a: 1 } },
      { method: 'DELETE' as const, url: '/login/abc', headers: api },
      { method: 'HEAD' as const, url: '/v2/does-not-exist' },
      { url: '/assets/missing-000000.js' },
    ];
    for (const request of requests) {
      const res = await t.app.inject(request);
      const where = `${request.method ?? 'GET'} ${request.url}`;
      expect(res.statusCode, where).toBe(404);
      expect(res.headers['cache-control'], where).toBe('no-store');
      expect(res.headers.pragma, where).toBe('no-cache');
    }
  });

  it('on errors answered before or after routing, and on successful API answers', async () => {
    const cases: [number, InjectOptions][] = [
      [200, { url: '/organization/search?domain=localhost', headers: api }],
      [401, { url: `/users/${org}/user/${org}/patient`, headers: api }],
      [400, { method: 'POST', url: `/login/${org}`, headers: api, payload: { email: 1 } }],
      [
        400,
        {
          method: 'POST',
          url: `/login/${org}`,
          headers: { ...api, 'content-type': 'application/json' },
          payload: '{"email":',
        },
      ],
      [
        415,
        {
          method: 'POST',
          url: `/login/${org}`,
          headers: { ...api, 'content-type': 'text/x-unknown' },
          payload: 'x',
        },
      ],
      [400, { url: '/v2/users/%E0%A4%A', headers: api }],
    ];
    for (const [status, request] of cases) {
      const res = await t.app.inject(request);
      const where = JSON.stringify(request);
      expect(res.statusCode, where).toBe(status);
      expect(res.headers['cache-control'], where).toBe('no-store');
      if (status !== 200) expect(json(res), where).toMatchObject({ text: expect.any(String) });
    }
  });

  it('while web assets keep their own caching and the page keeps no-cache', async () => {
    expect((await t.app.inject({ url: '/assets/app-abc123.js' })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await t.app.inject({ url: '/robots.txt' })).headers['cache-control']).toBe(
      'public, max-age=3600',
    );
    // the version file is asked of the server every time (002 §4.10), so a new build is seen at once
    const version = await t.app.inject({ url: '/version.json', headers: { accept: 'application/json' } });
    expect(version.statusCode).toBe(200);
    expect(version.headers['cache-control']).toBe('no-cache');
    expect(version.json()).toEqual({ version: '2026-11-28T03:00:00.000Z' });
    const page = await t.app.inject({
      url: '/login',
      headers: { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
