import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { createWebDist } from '../test/web-dist';

let t: TestApp;
let dist: string;
let web: ReturnType<typeof createWebDist>;

beforeAll(async () => {
  web = createWebDist();
  dist = web.dir;
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  web.remove();
});

const page = (url: string, host: string) =>
  t.app.inject({
    url,
    headers: { host, accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' },
  });

describe('pages and API on one port', () => {
  it('serves each host its own brand in the page head', async () => {
    const first = await page('/login', 'localhost:3000');
    const second = await page('/login', '127.0.0.1:3000');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('text/html');
    expect(first.body).toContain('<title>Evergreen Longevity</title>');
    expect(first.body).toContain('--brand-primary:#0f8a5f');
    // The accessible shades of the domain's brandShades, before any script runs: white on #0f8a5f is 4.36:1.
    expect(first.body).toContain('--brand-solid:#0f875d');
    expect(first.body).toContain('--brand-primary-contrast:#ffffff');
    expect(second.body).toContain('<title>Bluecrest Health</title>');
    expect(second.body).toContain('--brand-primary:#2b4acb');
    expect(second.body).not.toContain('Evergreen');
    const unknown = await page('/login', 'elsewhere.example:3000');
    expect(unknown.body).toContain('"fallback":true');
  });

  it('gives the page the browser DSN, the sample rates of 002 §9 and the Segment key when configured', async () => {
    const reporting = await createTestApp(
      {
        WEB_DIST: dist,
        SENTRY_BROWSER_DSN: 'https://public@sentry.example/7',
        SEGMENT_WRITE_KEY: 'wk12345678',
      },
      { database: t.database },
    );
    try {
      const res = await reporting.app.inject({
        url: '/login',
        headers: { host: 'localhost:3000', accept: 'text/html', 'sec-fetch-mode': 'navigate' },
      });
      expect(res.body).toContain(
        '"reporting":{"dsn":"https://public@sentry.example/7","environment":"test","traces_sample_rate":1,"replays_session_sample_rate":0.1,"replays_on_error_sample_rate":1}',
      );
      expect(res.body).toContain('"analytics":{"segment_write_key":"wk12345678"}');
    } finally {
      await reporting.close();
    }
  });

  it('tells the page it belongs to a demo portal, and a live portal that it does not', async () => {
    expect((await page('/login', 'localhost:3000')).body).toContain('"demo":true');
    const live = await createTestApp(
      {
        WEB_DIST: dist,
        DEMO_MODE: 'false',
        STRIPE_SECRET_KEY: 'sk_test_abc123',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
        STRIPE_WEBHOOK_SECRET: 'whsec_test123',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
        TWILIO_AUTH_TOKEN: 'a'.repeat(32),
        TWILIO_FROM: '+15555550100',
      },
      { database: t.database },
    );
    try {
      const res = await live.app.inject({
        url: '/login',
        headers: { host: 'localhost:3000', accept: 'text/html', 'sec-fetch-mode': 'navigate' },
      });
      expect(res.body).toContain('"demo":false');
      // No DSN: the page is told of no error-reporting service.
      expect(res.body).not.toContain('"reporting"');
      expect(res.body).toContain('<title>Evergreen Longevity</title>');
    } finally {
      await live.close();
    }
  });

  it('gives page navigations the app even where an API path matches, and JSON to the API client', async () => {
    const nav = await page('/orders/0123456789abcdef01234567/patient/0123456789abcdef01234567', 'localhost');
    expect(nav.statusCode).toBe(200);
    expect(nav.body).toContain('<div id="root">');
    const api = await t.app.inject({
      url: '/orders/0123456789abcdef01234567/patient/0123456789abcdef01234567',
      headers: { accept: 'application/json' },
    });
    expect(api.headers['content-type']).toContain('application/json');
    expect(api.body).not.toContain('<div id="root">');
  });

  it('serves hashed assets with a long cache and keeps the page itself fresh', async () => {
    const asset = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await page('/get-started', 'localhost')).headers['cache-control']).toBe('no-cache');
  });
});
