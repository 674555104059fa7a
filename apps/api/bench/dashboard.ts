/**
 * The signed-in area's budget (issue 4), on PostgreSQL: the dashboard's first load — the requests the
 * browser really makes, recorded in Chromium, replayed in the same order — and the notifications page of a
 * patient with 10,000 notifications next to one with 10. Aim: p95 under 30 ms per request, and no more
 * than 6 requests before the dashboard is usable.
 */
import { eq } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { openDatabase } from '../src/db/client';
import { users } from '../src/db/schema/users';
import { insertBulkNotifications } from '../src/db/seed/bulk-notifications';

type Recorded = { method: string; path: string; body: string | null; beforeUsable: boolean };

/** Logs the demo patient in with Chromium and records the API calls until the dashboard settles. */
export async function recordDashboard(base: string, email: string, password: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    // the demo patient's clinic is the one served on localhost
    await page.goto(`${base.replace('127.0.0.1', 'localhost')}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    const calls: Recorded[] = [];
    let usable = false;
    page.on('request', (r) => {
      if (!['fetch', 'xhr'].includes(r.resourceType())) return;
      const url = new URL(r.url());
      if (url.pathname.startsWith('/login/')) return;
      calls.push({
        method: r.method(),
        path: url.pathname + url.search,
        body: r.postData(),
        beforeUsable: !usable,
      });
    });
    const started = performance.now();
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/dashboard\//);
    // usable: the greeting, the widgets and the bell are on screen
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    await page.locator('.dashboard-widgets__cell').first().waitFor();
    usable = true;
    const usableMs = performance.now() - started;
    await page.waitForLoadState('networkidle');
    return {
      calls,
      usableMs,
      token: await page.evaluate(
        () =>
          (
            globalThis as unknown as { localStorage: { getItem(k: string): string | null } }
          ).localStorage.getItem('token') ?? '',
      ),
    };
  } finally {
    await browser.close();
  }
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

/** One request repeated by `clients` clients at once for `seconds`: its p95 in ms. */
async function p95Of(
  base: string,
  token: string,
  call: Omit<Recorded, 'beforeUsable'>,
  seconds: number,
  clients = 10,
) {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const res = await fetch(`${base}${call.path}`, {
          method: call.method,
          headers: {
            accept: 'application/json',
            authorization: `Bearer ${token}`,
            ...(call.body ? { 'content-type': 'application/json' } : {}),
          },
          body: call.body ?? undefined,
        });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${call.method} ${call.path}: ${res.status}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return percentile(latencies, 95);
}

/** The dashboard's requests and the notification pages, measured against a running server on `dbUrl`. */
export async function measureSignedInArea(
  base: string,
  org: string,
  dbUrl: string | undefined,
  seconds: number,
) {
  const recorded = await recordDashboard(base, 'demo@evergreen.test', 'Demo1234!');
  const dashboard: { call: string; p95: number }[] = [];
  for (const call of recorded.calls) {
    const label =
      call.method === 'POST' && call.path === '/v2/batch'
        ? `POST /v2/batch (${(JSON.parse(call.body ?? '{"requests":[]}') as { requests: unknown[] }).requests.length} reads)`
        : `${call.method} ${call.path.replace(/[0-9a-f]{24}/g, '{id}')}`;
    dashboard.push({ call: label, p95: await p95Of(base, recorded.token, call, seconds) });
  }

  // two fresh patients: one with 10 notifications, one with 10,000
  const signup = async (n: number) => {
    const res = await fetch(`${base}/v2/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        first_name: 'Bench',
        last_name: 'Reader',
        email: `bench-notifications-${n}-${Date.now()}@example.com`,
        password: 'Bench1234',
        organization: org,
        accepted_terms: true,
      }),
    });
    return (await res.json()) as { token: string; user: { _id: string } };
  };
  const small = await signup(10);
  const large = await signup(10_000);
  const database = await openDatabase({ url: dbUrl, dataDir: process.env.DATA_DIR ?? './data' });
  try {
    await insertBulkNotifications(database.db, small.user._id, 10);
    await insertBulkNotifications(database.db, large.user._id, 10_000);
    await database.db.select({ id: users.id }).from(users).where(eq(users.id, large.user._id));
  } finally {
    await database.close();
  }
  const page = (n: number, unread = false) => ({
    method: 'GET',
    path: `/v2/notifications?page=${n}&limit=10${unread ? '&read=false' : ''}`,
    body: null,
  });
  const notifications = [
    { label: '10 notifications, page 1', p95: await p95Of(base, small.token, page(1), seconds) },
    { label: '10,000 notifications, page 1', p95: await p95Of(base, large.token, page(1), seconds) },
    { label: '10,000 notifications, page 500', p95: await p95Of(base, large.token, page(500), seconds) },
    { label: '10,000 notifications, page 1000', p95: await p95Of(base, large.token, page(1000), seconds) },
    {
      label: '10,000 notifications, unread page 1',
      p95: await p95Of(base, large.token, page(1, true), seconds),
    },
  ];
  return {
    requestsBeforeUsable: recorded.calls.filter((c) => c.beforeUsable).length,
    usableMs: recorded.usableMs,
    dashboard,
    notifications,
  };
}
