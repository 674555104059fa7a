/**
 * npm run bench: the speed budgets of the foundation, measured side by side on this machine.
 * Starts the built server (apps/api/dist/main.js) as a separate process, on the embedded database and on
 * PostgreSQL, and alternates the bare route and the authenticated read in rounds, quoting medians.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { AIMS, type Figure, printFigures } from './aims';
import { appointmentsFigures, benchAppointments } from './appointments';
import { CARE_LOAD, measureCare, seedCareLoad } from './care';
import { benchChat, chatFigures } from './chat';
import { startCpuBurner } from './cpu-burner';
import {
  giveNotifications,
  measureDashboard,
  measureNotificationPages,
  signupNotificationPatients,
} from './dashboard';
import { measureFunnel, prepareFunnel } from './funnel';
import { benchLabs, labsFigures } from './labs';
import { benchLighthouse } from './lighthouse';
import { benchShop, shopFigures } from './shop';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAIN = path.join(ROOT, 'apps/api/dist/main.js');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const DEMO = { email: 'demo@evergreen.test', password: 'Demo1234!' };

type Server = { proc: ChildProcess; base: string; firstAnswerMs: number };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function startServer(env: Record<string, string>, port: number): Promise<Server> {
  const started = performance.now();
  // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops (open it in Chrome DevTools).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const proc = spawn(process.execPath, [...profile, MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TOKEN_SECRET: 'bench-secret-bench-secret-bench-secret-1',
      RATE_LIMIT_ACCOUNT: '1000000000',
      RATE_LIMIT_ADDRESS: '1000000000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  running.add(proc);
  proc.once('exit', () => running.delete(proc));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      const res = await fetch(`${base}/health`, { headers: { accept: 'application/json' } });
      if (res.ok) return { proc, base, firstAnswerMs: performance.now() - started };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
    if (performance.now() - started > 120_000) throw new Error('server did not answer within 120 s');
  }
}

/** Servers still up: a failed run must not leave one holding its port for the next. */
const running = new Set<ReturnType<typeof spawn>>();
process.once('exit', () => {
  for (const proc of running) proc.kill('SIGKILL');
});

async function stopServer(s: Server) {
  s.proc.kill('SIGTERM');
  await new Promise((r) => s.proc.once('exit', r));
}

function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

async function load(url: string, opts: Partial<autocannon.Options> = {}, seconds = SECONDS) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, ...opts });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function signIn(base: string) {
  const org = (await (await fetch(`${base}/organization/search?domain=localhost`)).json()) as { _id: string };
  const res = await fetch(`${base}/login/${org._id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (!res.ok) throw new Error(`demo login failed: ${res.status}`);
  const { token, user } = (await res.json()) as { token: string; user: { _id: string } };
  return { org: org._id, token, userId: user._id };
}

async function measure(label: string, server: Server) {
  const { org, token, userId } = await signIn(server.base);
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const bare = `${server.base}/health`;
  const read = `${server.base}/users/${org}/user/${userId}/patient`;
  await load(bare, { headers }, 2);
  await load(read, { headers }, 2);
  const bareRps: number[] = [];
  const readRps: number[] = [];
  const readP99: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which side goes first, so drift of the machine weighs on both.
    const order = round % 2 === 0 ? ['bare', 'read'] : ['read', 'bare'];
    for (const side of order) {
      if (side === 'bare') bareRps.push((await load(bare, { headers })).rps);
      else {
        const r = await load(read, { headers });
        readRps.push(r.rps);
        readP99.push(r.p99);
      }
    }
  }
  // Reads while logins are flooded: argon2 must stay off the event loop.
  const flood = autocannon({
    url: `${server.base}/login/${org}`,
    method: 'POST',
    connections: 8,
    duration: SECONDS,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const underFlood = await load(read, { headers });
  const floodResult = await flood;
  const funnelContext = await prepareFunnel(server.base, org);
  const funnel = await measureFunnel(funnelContext, SECONDS);
  // The same funnel while a second process keeps every core busy (issue 10 §3: writes fell apart under load).
  const burner = startCpuBurner();
  let busyFunnel: typeof funnel;
  try {
    busyFunnel = await measureFunnel(funnelContext, SECONDS);
  } finally {
    await burner.stop();
  }
  return {
    funnel,
    busyFunnel,
    label,
    bareRps: median(bareRps),
    readRps: median(readRps),
    ratio: median(readRps) / median(bareRps),
    readP99: median(readP99),
    floodP99: underFlood.p99,
    loginsPerSecond: floodResult.requests.average,
    memory: memoryOf(server.proc.pid!),
  };
}

async function loginJavaScriptKb(base: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, number>();
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      const body = await res.body().catch(() => undefined);
      if (body) scripts.set(res.url(), gzipSync(body).length);
    });
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email').waitFor();
    await new Promise((r) => setTimeout(r, 300));
    return { kb: [...scripts.values()].reduce((a, b) => a + b, 0) / 1024, files: scripts.size };
  } finally {
    await browser.close();
  }
}

async function freshPostgres(): Promise<string | undefined> {
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS portal_bench WITH (FORCE)');
    await admin.query('CREATE DATABASE portal_bench');
    const url = new URL(PG_URL);
    url.pathname = '/portal_bench';
    return url.toString();
  } catch (error) {
    console.warn(`PostgreSQL not reachable at ${PG_URL}: ${(error as Error).message}`);
    return undefined;
  } finally {
    await admin.end().catch(() => undefined);
  }
}

const fmt = (n: number, d = 0) => n.toFixed(d);

/** Issue 12's speed aim: each request of the queue and the chart under 50 ms p95 at 10 clients. */
function careFigures(care: Awaited<ReturnType<typeof measureCare>>): Figure[] {
  const group = `Care workspace (PostgreSQL, ${CARE_LOAD.waiting.toLocaleString('en-US')} visits waiting, ${CARE_LOAD.patients.toLocaleString('en-US')} patients, 10 clients, p95)`;
  return care.map((c) => ({
    group,
    name: c.name,
    value: c.p95,
    unit: 'ms',
    digits: 1,
    aim: { below: AIMS.careP95 },
  }));
}
const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER BUDGET');

/**
 * The areas measured each on a PostgreSQL database of its own, after the shared figures; BENCH_ONLY=<name>
 * measures one alone.
 */
/** The options every area runs with: its database, the bench's seconds and rounds, the server's start and stop. */
const areaOptions = (pgUrl: string, dataDir: string) => ({
  pgUrl,
  dataDir,
  seconds: SECONDS,
  rounds: ROUNDS,
  start: startServer,
  stop: stopServer,
});

const AREAS: Record<string, { run: (pgUrl: string, dataDir: string) => Promise<Figure[]> }> = {
  // the chat (issue 13), with Redis
  chat: {
    run: async (pgUrl, dataDir) =>
      chatFigures(
        await benchChat({ pgUrl, dataDir, seconds: SECONDS, start: startServer, stop: stopServer }),
      ),
  },
  // the labs (issue 14)
  labs: {
    run: async (pgUrl, dataDir) => labsFigures(await benchLabs(areaOptions(pgUrl, dataDir))),
  },
  // the scheduler (issue 16)
  appointments: {
    run: async (pgUrl, dataDir) => appointmentsFigures(await benchAppointments(areaOptions(pgUrl, dataDir))),
  },
  // the shop and its checkout panel (issue 15)
  shop: {
    run: async (pgUrl, dataDir) => shopFigures(await benchShop(areaOptions(pgUrl, dataDir))),
  },
};

/** The /shop route's gzipped JavaScript as the build lays it out: the entry, the focus shell and the shop page. */
function shopJavaScriptFigure(): Figure {
  // the script exits 1 over its budget: the figure reports that itself
  const { stdout: out } = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'apps/web/scripts/measure-route-js.mjs'),
      '--budget',
      String(AIMS.shop.routeJsKb),
      'src/app/shells/focus-shell.tsx',
      'src/features/shop/pages/shop-page.tsx',
    ],
    { encoding: 'utf8' },
  );
  const total = /([\d.]+) KB {2}total gzipped JS/.exec(out);
  if (!total) throw new Error(`measure-route-js: ${out}`);
  return {
    group: 'Route JavaScript (gzipped, as the build lays it out)',
    name: '/shop (entry, focus shell, shop page)',
    value: Number(total[1]),
    unit: 'KB',
    digits: 1,
    aim: { atMost: AIMS.shop.routeJsKb },
  };
}

/** The foundation's figures of each database: the read against the bare route, the flood, the funnel, memory. */
function foundationFigures(results: Awaited<ReturnType<typeof measure>>[]): Figure[] {
  const figures: Figure[] = [];
  for (const r of results) {
    const side = r.label === 'PostgreSQL' ? 'postgres' : 'embedded';
    const aims = AIMS[side];
    const group = r.label;
    figures.push(
      { group, name: 'bare route', value: r.bareRps, unit: 'req/s' },
      { group, name: 'authenticated read', value: r.readRps, unit: 'req/s' },
      {
        group,
        name: 'read / bare ratio',
        value: r.ratio,
        unit: '',
        digits: 3,
        aim: { atLeast: aims.readRatio },
      },
      { group, name: 'read p99', value: r.readP99, unit: 'ms', digits: 1, aim: { below: aims.readP99 } },
      {
        group,
        name: `read p99, logins flooded (${fmt(r.loginsPerSecond)} logins/s)`,
        value: r.floodP99,
        unit: 'ms',
        digits: 1,
        aim: { atMost: 2 * r.readP99, text: `<= 2x unflooded (${fmt(2 * r.readP99, 1)} ms)` },
      },
    );
    for (const [name, f, busy] of [
      ['intake answer save p95', r.funnel.save, r.busyFunnel.save],
      ['coupon call p95', r.funnel.coupon, r.busyFunnel.coupon],
    ] as const) {
      figures.push(
        {
          group,
          name: `${name} (${fmt(f.rps)} req/s, 20 patients)`,
          value: f.p95,
          unit: 'ms',
          digits: 1,
          aim: { atMost: aims.funnelP95 },
        },
        {
          group,
          name: `${name}, cores busy (${fmt(busy.rps)} req/s)`,
          value: busy.p95,
          unit: 'ms',
          digits: 1,
          aim: { atMost: AIMS.busyFactor * aims.funnelP95 },
        },
      );
    }
    figures.push(
      { group, name: 'resident memory now', value: r.memory.rssMb, unit: 'MB' },
      {
        group,
        name: 'resident memory peak',
        value: r.memory.peakMb,
        unit: 'MB',
        aim: { atMost: aims.peakMb },
      },
    );
  }
  return figures;
}

async function main() {
  const results: Awaited<ReturnType<typeof measure>>[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  let firstAnswerExisting = 0;
  let loginJs = { kb: 0, files: 0 };
  let dashboard: Awaited<ReturnType<typeof measureDashboard>> | undefined;
  let care: Awaited<ReturnType<typeof measureCare>> = [];
  const areaFigures: Figure[] = [];
  // BENCH_ONLY=postgres: the read ratio, flood, funnel and memory on PostgreSQL alone; BENCH_ONLY=care: the care
  // workspace's figures alone (PostgreSQL); BENCH_ONLY=<area>: one area of AREAS
  const only = process.env.BENCH_ONLY;
  const notificationPages: { label: string; pages: Awaited<ReturnType<typeof measureNotificationPages>> }[] =
    [];
  const orgOf = async (base: string) =>
    ((await (await fetch(`${base}/organization/search?domain=localhost`)).json()) as { _id: string })._id;
  if (only) {
    const figures: Figure[] = [];
    try {
      const pgUrl = await freshPostgres();
      if (!pgUrl) throw new Error(`BENCH_ONLY=${only} needs PostgreSQL`);
      if (only === 'postgres') {
        const server = await startServer({ DATABASE_URL: pgUrl, DATA_DIR: dataDir }, 3902);
        figures.push(...foundationFigures([await measure('PostgreSQL', server)]));
        await stopServer(server);
      } else if (only === 'care') {
        const server = await startServer({ DATABASE_URL: pgUrl, DATA_DIR: dataDir }, 3902);
        const org = await orgOf(server.base);
        await seedCareLoad(pgUrl, org);
        figures.push(...careFigures(await measureCare(server.base, org, Math.min(SECONDS, 3))));
        await stopServer(server);
      } else {
        const area = AREAS[only];
        if (!area)
          throw new Error(`BENCH_ONLY=${only}: one of postgres, care, ${Object.keys(AREAS).join(', ')}`);
        figures.push(...(await area.run(pgUrl, dataDir)));
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    if (only === 'shop') figures.push(shopJavaScriptFigure());
    const aims = printFigures(figures);
    console.info(
      `\n${only} aims: ${aims.passed} pass, ${aims.failed.length} FAIL${aims.failed.map((f) => `\n  FAIL ${f}`).join('')}`,
    );
    return;
  }
  try {
    const embedded = await startServer({ DATA_DIR: dataDir }, 3901);
    loginJs = await loginJavaScriptKb(embedded.base);
    await benchLighthouse(embedded.base);
    results.push(await measure('embedded (PGlite)', embedded));
    const embeddedPatients = await signupNotificationPatients(embedded.base, await orgOf(embedded.base));
    await stopServer(embedded);
    // the embedded database has one owner: the notifications go in while the server is down
    await giveNotifications(undefined, dataDir, embeddedPatients);
    const again = await startServer({ DATA_DIR: dataDir }, 3901);
    firstAnswerExisting = again.firstAnswerMs;
    notificationPages.push({
      label: 'embedded (PGlite)',
      pages: await measureNotificationPages(again.base, embeddedPatients, Math.min(SECONDS, 3)),
    });
    await stopServer(again);

    const pgUrl = await freshPostgres();
    if (pgUrl) {
      const server = await startServer({ DATABASE_URL: pgUrl, DATA_DIR: dataDir }, 3902);
      results.push(await measure('PostgreSQL', server));
      dashboard = await measureDashboard(server.base, Math.min(SECONDS, 3));
      const patients = await signupNotificationPatients(server.base, await orgOf(server.base));
      await giveNotifications(pgUrl, dataDir, patients);
      notificationPages.push({
        label: 'PostgreSQL',
        pages: await measureNotificationPages(server.base, patients, Math.min(SECONDS, 3)),
      });
      const org = await orgOf(server.base);
      await seedCareLoad(pgUrl, org);
      care = await measureCare(server.base, org, Math.min(SECONDS, 3));
      await stopServer(server);
      // each area on a database of its own
      for (const area of Object.values(AREAS)) {
        const areaUrl = await freshPostgres();
        if (areaUrl) areaFigures.push(...(await area.run(areaUrl, dataDir)));
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.info(`\nRounds: ${ROUNDS} x ${SECONDS}s per side, ${CONNECTIONS} connections, medians.\n`);
  const figures: Figure[] = foundationFigures(results);
  if (dashboard) {
    const group = 'Dashboard (PostgreSQL, 10 clients per request, p95)';
    figures.push({
      group,
      name: `requests before usable (${fmt(dashboard.usableMs)} ms after Log in)`,
      value: dashboard.requestsBeforeUsable,
      unit: '',
      aim: { atMost: 6 },
    });
    // the batches as the browser sends them (the aim is per read: each read of a batch, asked alone)
    for (const d of dashboard.dashboard)
      figures.push({ group, name: d.call, value: d.p95, unit: 'ms', digits: 1 });
    for (const d of dashboard.reads)
      figures.push({
        group: 'Each read of the dashboard batches, alone (PostgreSQL, 10 clients, p95)',
        name: d.call.length > 52 ? `${d.call.slice(0, 49)}...` : d.call,
        value: d.p95,
        unit: 'ms',
        digits: 1,
        aim: { atMost: AIMS.dashboardP95 },
      });
  }
  figures.push(...careFigures(care));
  figures.push(...areaFigures);
  figures.push(shopJavaScriptFigure());
  const aims = printFigures(figures);
  for (const side of notificationPages) {
    // "as fast as one with 10": every page of the large list within 1.5x the small list's first page (and
    // 5 ms of noise); on PostgreSQL also the per-request aim of 30 ms
    const base = side.pages[0]!.p95;
    const onServer = side.label === 'PostgreSQL';
    console.info(`Notification pages (${side.label}, 10 clients, p95)`);
    for (const n of side.pages)
      console.info(
        `  ${n.label.padEnd(34)} p95 ${fmt(n.p95, 1)} ms (aim ${onServer ? '< 30 and ' : ''}<= 1.5x the 10's) ${verdict((!onServer || n.p95 < 30) && n.p95 <= base * 1.5 + 5)}`,
      );
  }
  console.info(
    `/login JavaScript     ${fmt(loginJs.kb, 1)} KB gzipped in ${loginJs.files} files (aim <= 120) ${verdict(loginJs.kb <= 120)}`,
  );
  console.info(
    `first answer          ${fmt(firstAnswerExisting)} ms after start, existing embedded database (aim < 5000) ${verdict(firstAnswerExisting < 5000)}`,
  );
  console.info(
    `\nSpeed aims (issue 10 §3): ${aims.passed} pass, ${aims.failed.length} FAIL${aims.failed.map((f) => `\n  FAIL ${f}`).join('')}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
