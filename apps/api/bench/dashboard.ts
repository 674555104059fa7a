/**
 * The signed-in area's budget: the dashboard's first load — the requests the browser really makes,
 * recorded in Chromium, replayed in the same order — and the notification pages of a patient with 10,000
 * notifications next to one with 10, on both databases. Aims: each read of the dashboard's batches, asked
 * alone by 10 clients, p95 at most 30 ms (the batches themselves are measured too), and no more than 6
 * requests before the dashboard is usable.
 */
import { eq, sql } from 'drizzle-orm';
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
      // The sign-in itself and the fire-and-forget analytics events are not the dashboard's reads.
      if (url.pathname.startsWith('/login/') || url.pathname.endsWith('/analytics/events')) return;
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
    await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
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
  /** Statuses that count as answers (a read of a batch may answer 404, as it does inside the batch). */
  answered = (status: number) => status < 300,
) {
  const latencies: number[] = [];
  // half a second unmeasured first: the first calls of a route pay for compiling its code
  const warmUntil = performance.now() + 500;
  const until = warmUntil + seconds * 1000;
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
        if (!answered(res.status)) throw new Error(`${call.method} ${call.path}: ${res.status}`);
        if (started >= warmUntil) latencies.push(performance.now() - started);
      }
    }),
  );
  return percentile(latencies, 95);
}

/** The dashboard's requests, replayed against a running server. */
export async function measureDashboard(base: string, seconds: number) {
  const recorded = await recordDashboard(base, 'demo@evergreen.test', 'Demo1234!');
  const dashboard: { call: string; p95: number }[] = [];
  /** Each read of the batches, asked alone by 10 clients (issue 10 §3: each read of the batch <= 30 ms). */
  const reads: { call: string; p95: number }[] = [];
  const label = (path: string) => path.replace(/[0-9a-f]{24}/g, '{id}');
  const seen = new Set<string>();
  for (const call of recorded.calls) {
    const batched =
      call.method === 'POST' && call.path === '/v2/batch'
        ? (JSON.parse(call.body ?? '{"requests":[]}') as { requests: { url: string }[] }).requests
        : null;
    dashboard.push({
      call: batched ? `POST /v2/batch (${batched.length} reads)` : `${call.method} ${label(call.path)}`,
      p95: await p95Of(base, recorded.token, call, seconds),
    });
    for (const { url } of batched ?? []) {
      if (seen.has(url)) continue;
      seen.add(url);
      const read = { method: 'GET', path: url, body: null };
      reads.push({
        call: `GET ${label(url)}`,
        p95: await p95Of(base, recorded.token, read, seconds, 10, (status) => status < 500),
      });
    }
  }
  return {
    requestsBeforeUsable: recorded.calls.filter((c) => c.beforeUsable).length,
    usableMs: recorded.usableMs,
    dashboard,
    reads,
  };
}

export type NotificationPatient = { token: string; id: string; count: number };

/** Two fresh patients, to be given 10 and 10,000 notifications. */
export async function signupNotificationPatients(base: string, org: string): Promise<NotificationPatient[]> {
  const signup = async (count: number) => {
    const res = await fetch(`${base}/v2/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        first_name: 'Bench',
        last_name: 'Reader',
        email: `bench-notifications-${count}-${Date.now()}@example.com`,
        password: 'Bench1234',
        organization: org,
        accepted_terms: true,
      }),
    });
    const body = (await res.json()) as { token: string; user: { _id: string } };
    return { token: body.token, id: body.user._id, count };
  };
  return [await signup(10), await signup(10_000)];
}

/**
 * Gives the patients their notifications straight in the database (a server on PostgreSQL may keep
 * running; the embedded one must be stopped first, as PGlite has one owner).
 */
export async function giveNotifications(
  dbUrl: string | undefined,
  dataDir: string,
  patients: NotificationPatient[],
) {
  const database = await openDatabase({ url: dbUrl, dataDir });
  try {
    for (const p of patients) await insertBulkNotifications(database.db, p.id, p.count);
    await database.db.select({ id: users.id }).from(users).where(eq(users.id, patients[0]!.id));
    // A patient gathers 10,000 notifications over months, long after autovacuum (or the embedded
    // database's maintenance job) has seen the table; measured straight after a bulk insert, the planner
    // would still hold the counts of an empty table.
    await database.db.execute(sql`vacuum (analyze) notifications`);
  } finally {
    await database.close();
  }
}

/**
 * The notification pages of a patient with 10 and one with 10,000: the first, by page number deep in the
 * list, and by cursor (what the web app sends when the patient scrolls on) at the same depths.
 */
export async function measureNotificationPages(
  base: string,
  patients: NotificationPatient[],
  seconds: number,
) {
  const [small, large] = patients as [NotificationPatient, NotificationPatient];
  const page = (n: number, extra = '') => ({
    method: 'GET',
    path: `/v2/notifications?page=${n}&limit=10${extra}`,
    body: null,
  });
  const cursorFor = async (n: number) => {
    const res = await fetch(`${base}${page(n - 1).path}`, {
      headers: { accept: 'application/json', authorization: `Bearer ${large.token}` },
    });
    const body = (await res.json()) as { next_cursor: string | null };
    if (!body.next_cursor) throw new Error(`page ${n - 1} handed no cursor`);
    return `&cursor=${body.next_cursor}`;
  };
  return [
    { label: '10 notifications, page 1', p95: await p95Of(base, small.token, page(1), seconds) },
    { label: '10,000 notifications, page 1', p95: await p95Of(base, large.token, page(1), seconds) },
    {
      label: '10,000, page 500 by cursor',
      p95: await p95Of(base, large.token, page(500, await cursorFor(500)), seconds),
    },
    {
      label: '10,000, page 1000 by cursor',
      p95: await p95Of(base, large.token, page(1000, await cursorFor(1000)), seconds),
    },
    { label: '10,000, page 500 by number', p95: await p95Of(base, large.token, page(500), seconds) },
    { label: '10,000, page 1000 by number', p95: await p95Of(base, large.token, page(1000), seconds) },
    {
      label: '10,000, unread page 1',
      p95: await p95Of(base, large.token, page(1, '&read=false'), seconds),
    },
  ];
}
