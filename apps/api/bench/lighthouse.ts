/**
 * Lighthouse mobile (simulated throttling, the default mobile config) on /login and every signed-in page,
 * median of BENCH_LIGHTHOUSE_RUNS runs (3). Prints per page the performance score, cumulative layout shift
 * and total blocking time against the aims (performance >= 0.95, CLS <= 0.1) with ok / OVER BUDGET.
 *
 * - from `npm run bench`: bench.ts calls benchLighthouse(base) with its embedded server (BENCH_LIGHTHOUSE=0
 *   skips it);
 * - alone: `npm run bench:web` builds and starts the built server on a fresh embedded database, or
 *   BENCH_LIGHTHOUSE_BASE=http://localhost:3000 measures a portal that is already running.
 * BENCH_LIGHTHOUSE_PAGES=login,dashboard measures only the pages named (the labels of the table);
 * BENCH_LIGHTHOUSE_SHIFTS=1 also prints, per run, the elements Lighthouse saw shift, the long tasks, the
 * largest contentful paint's element and its phases; BENCH_LIGHTHOUSE_JSON=<dir> keeps each run's report
 * (<label>-<run>.json) for a closer look (critical-request-chains, network-requests).
 *
 * /login is measured signed out; then the demo patient logs in through the page (so the browser holds
 * whatever the app stores for a session) and each signed-in page is measured in the same browser profile.
 * Lighthouse's storage reset clears the HTTP cache and service workers before every run but keeps
 * localStorage, so every run is a cold load of a signed-in patient.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const DEMO = { email: 'demo@evergreen.test', password: 'Demo1234!' };
const AIM_SCORE = 0.95;
const AIM_CLS = 0.1;

export type LighthouseRow = {
  label: string;
  path: string;
  score: number;
  cls: number;
  tbtMs: number;
  lcpMs: number;
  runs: number;
};

/** The signed-in pages, by the path of the demo patient (userId filled in after login). */
const SIGNED_IN: [label: string, path: (userId: string) => string][] = [
  ['dashboard', (u) => `/dashboard/${u}/profile`],
  ['notifications', (u) => `/dashboard/${u}/notifications`],
  ['settings', (u) => `/dashboard/${u}/settings`],
  ['subscriptions', (u) => `/dashboard/${u}/subscriptions`],
  ['orders', () => '/orders'],
  ['messages', (u) => `/dashboard/${u}/messages`],
  ['appointments', (u) => `/dashboard/${u}/appointments`],
  ['providers', (u) => `/dashboard/${u}/providers`],
  ['labs', (u) => `/dashboard/${u}/labs`],
  ['shop', () => '/shop'],
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

function wanted(label: string): boolean {
  const only = process.env.BENCH_LIGHTHOUSE_PAGES;
  return !only || only.split(',').includes(label);
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
type Row = Record<string, unknown> & { node?: { selector?: string; snippet?: string } };

/** The layout shifts (the element that moved most in each) and the main thread's long tasks of one run. */
function printDiagnostics(label: string, lhr: Lhr) {
  const items = (audit: string) =>
    ((lhr.audits[audit]?.details as { items?: Row[] } | undefined)?.items ?? []) as Row[];
  for (const shift of items('layout-shifts'))
    console.info(
      `  [${label}] shift ${Number(shift.score).toFixed(3)} ${shift.node?.selector ?? '?'} ${shift.node?.snippet ?? ''}`,
    );
  // the element, then its phases (time to first byte, load delay, load time, render delay)
  for (const part of items('largest-contentful-paint-element')) {
    const rows = (part.items ?? []) as Row[];
    for (const row of rows)
      console.info(
        row.node
          ? `  [${label}] LCP element ${row.node.selector ?? '?'} ${row.node.snippet ?? ''}`
          : `  [${label}] LCP ${String(row.phase)} ${Number(row.timing).toFixed(0)} ms`,
      );
  }
  for (const task of items('long-tasks').slice(0, 5))
    console.info(
      `  [${label}] long task ${Number(task.duration).toFixed(0)} ms at ${Number(task.startTime).toFixed(0)} ms ${task.url}`,
    );
}

/**
 * One Lighthouse run from a blank page. A run whose trace came out broken (NO_NAVSTART and the like happen on a
 * busy machine) is run again, twice at most.
 */
async function runOnce(port: number, page: Page, url: string): Promise<Lhr> {
  for (let attempt = 1; ; attempt++) {
    await page.goto('about:blank');
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      undefined,
      page,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    console.warn(`Lighthouse on ${url}: ${lhr.runtimeError.code}, running again`);
  }
}

/** Runs Lighthouse RUNS times on one URL in the page's browser and keeps the medians. */
async function measurePage(port: number, page: Page, label: string, url: string): Promise<LighthouseRow> {
  const scores: number[] = [];
  const cls: number[] = [];
  const tbt: number[] = [];
  const lcp: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const lhr = await runOnce(port, page, url);
    // a signed-in page that landed on /login measured the wrong screen
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (label !== 'login' && landed.startsWith('/login'))
      throw new Error(`${url} went to ${lhr.finalDisplayedUrl}: not signed in`);
    if (process.env.BENCH_LIGHTHOUSE_SHIFTS === '1') printDiagnostics(label, lhr);
    const keep = process.env.BENCH_LIGHTHOUSE_JSON;
    if (keep) {
      mkdirSync(keep, { recursive: true });
      writeFileSync(path.join(keep, `${label}-${run + 1}.json`), JSON.stringify(lhr));
    }
    scores.push(lhr.categories.performance?.score ?? 0);
    cls.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN);
    tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN);
    lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN);
  }
  return {
    label,
    path: new URL(url).pathname,
    score: median(scores),
    cls: median(cls),
    tbtMs: median(tbt),
    lcpMs: median(lcp),
    runs: RUNS,
  };
}

/** Logs the demo patient in through the login page; returns the patient's id from the dashboard URL. */
async function logIn(page: Page, base: string): Promise<string> {
  await page.goto(`${base}/login`, { waitUntil: 'load' });
  await page.waitForSelector('input[type="email"]');
  await page.type('input[type="email"]', DEMO.email);
  await page.type('input[type="password"]', DEMO.password);
  await page.click('button[type="submit"]');
  // the app routes in the page after the login call (a string: this file has no DOM types)
  await page.waitForFunction('/^\\/dashboard\\/[0-9a-f]{24}\\//.test(location.pathname)', {
    timeout: 60_000,
  });
  const userId = /\/dashboard\/([0-9a-f]{24})\//.exec(new URL(page.url()).pathname)?.[1];
  if (!userId) throw new Error(`login went to ${page.url()}`);
  return userId;
}

/** Measures /login and the signed-in pages on a running portal (`base`, any host; the demo clinic is localhost's). */
export async function measureLighthouse(base: string): Promise<LighthouseRow[]> {
  const origin = new URL(base);
  origin.hostname = 'localhost';
  const site = origin.origin;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    const rows: LighthouseRow[] = [];
    if (wanted('login')) rows.push(await measurePage(chrome.port, page, 'login', `${site}/login`));
    const pages = SIGNED_IN.filter(([label]) => wanted(label));
    if (pages.length) {
      const userId = await logIn(page, site);
      for (const [label, pathOf] of pages)
        rows.push(await measurePage(chrome.port, page, label, `${site}${pathOf(userId)}`));
    }
    await browser.disconnect();
    return rows;
  } finally {
    chrome.kill();
  }
}

const fmt = (n: number, d = 0) => n.toFixed(d);

export function printLighthouse(rows: LighthouseRow[]): boolean {
  console.info(
    `\nLighthouse mobile (simulated throttling, median of ${rows[0]?.runs ?? RUNS}; aim performance >= ${AIM_SCORE}, CLS <= ${AIM_CLS})`,
  );
  let allOk = true;
  for (const r of rows) {
    const ok = r.score >= AIM_SCORE && r.cls <= AIM_CLS;
    allOk &&= ok;
    console.info(
      `  ${r.label.padEnd(14)} performance ${fmt(r.score, 2)}  CLS ${fmt(r.cls, 3)}  TBT ${fmt(r.tbtMs).padStart(4)} ms  LCP ${fmt(r.lcpMs).padStart(5)} ms  ${ok ? 'ok' : 'OVER BUDGET'}  ${r.path}`,
    );
  }
  return allOk;
}

/** bench.ts's hook: measures and prints, unless BENCH_LIGHTHOUSE=0. */
export async function benchLighthouse(base: string): Promise<void> {
  if (process.env.BENCH_LIGHTHOUSE === '0') return;
  printLighthouse(await measureLighthouse(base));
}

/** The built server (apps/api/dist/main.js) on a fresh embedded database, for `npm run bench:web`. */
async function startPortal(port: number): Promise<{ base: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-lighthouse-'));
  const proc: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'apps/api/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      TOKEN_SECRET: 'bench-secret-bench-secret-bench-secret-1',
      RATE_LIMIT_ACCOUNT: '1000000000',
      RATE_LIMIT_ADDRESS: '1000000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const kill = () => proc.kill('SIGKILL');
  process.once('exit', kill);
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      if ((await fetch(`${base}/health`, { headers: { accept: 'application/json' } })).ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 120_000) throw new Error('server did not answer within 120 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    stop: async () => {
      process.off('exit', kill);
      proc.kill('SIGTERM');
      if (proc.exitCode === null) await new Promise((r) => proc.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const given = process.env.BENCH_LIGHTHOUSE_BASE;
  const portal = given ? undefined : await startPortal(Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3903));
  try {
    const ok = printLighthouse(await measureLighthouse(given ?? portal!.base));
    if (!ok) process.exitCode = 1;
  } finally {
    await portal?.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
