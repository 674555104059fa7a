/**
 * npm run bench:cost — CPU per request of the authenticated read, the bare route and the intake answer save
 * on PostgreSQL. CPU time holds where requests per second do not: on a shared machine the throughput of
 * both sides falls with the machine, while the server's (and PostgreSQL's) CPU ticks per request stay put.
 * The server and the PostgreSQL backends are read from /proc before and after each phase.
 * BENCH_CPU_PROF=<dir> also writes the server's V8 CPU profile there with the measured windows (profile-summary.mjs).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { measureSaves, prepareFunnel } from './funnel';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAIN = path.join(ROOT, 'apps/api/dist', process.env.COST_MAIN ?? 'main.js');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const DEMO = { email: 'demo@evergreen.test', password: 'Demo1234!' };
const DATABASE = 'portal_cost';
const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime of a process in ms. */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0; // gone
  }
}

/**
 * CPU (ms) by pid of the PostgreSQL backends serving this bench's database (their title names it): other
 * databases on the same server (tests running beside) do not count, nor do the shared background writers.
 * Backends come and go, so a phase sums differences.
 */
function postgresCpu(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres:') && title.includes(` ${DATABASE} `))
        out.set(Number(entry), cpuMsOf(Number(entry)));
    } catch {
      // ended while listed
    }
  }
  return out;
}

/** The measured phases in the profile's clock (µs of CLOCK_MONOTONIC), to cut the profile to them. */
const windows: [number, number][] = [];

async function phase<T>(serverPid: number, run: () => Promise<{ count: number; extra: T }>) {
  const server0 = cpuMsOf(serverPid);
  const pg0 = postgresCpu();
  const from = process.hrtime.bigint() / 1000n;
  const { count, extra } = await run();
  windows.push([Number(from), Number(process.hrtime.bigint() / 1000n)]);
  const server = cpuMsOf(serverPid) - server0;
  let postgres = 0;
  for (const [pid, ms] of postgresCpu()) postgres += ms - (pg0.get(pid) ?? 0);
  return {
    count,
    serverMsPerRequest: server / count,
    postgresMsPerRequest: postgres / count,
    extra,
  };
}

async function freshPostgres(): Promise<string> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-cost-'));
  const pgUrl = await freshPostgres();
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const proc: ChildProcess = spawn(process.execPath, [...profile, MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '3911',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TOKEN_SECRET: 'bench-secret-bench-secret-bench-secret-1',
      RATE_LIMIT_ACCOUNT: '1000000000',
      RATE_LIMIT_ADDRESS: '1000000000',
      DATABASE_URL: pgUrl,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  process.once('exit', () => proc.kill('SIGKILL'));
  const base = 'http://127.0.0.1:3911';
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 6000) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 20));
  }
  try {
    const org = (
      (await (await fetch(`${base}/organization/search?domain=localhost`)).json()) as { _id: string }
    )._id;
    const login = (await (
      await fetch(`${base}/login/${org}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(DEMO),
      })
    ).json()) as { token: string; user: { _id: string } };
    const headers = { authorization: `Bearer ${login.token}`, accept: 'application/json' };
    const cannon = async (url: string) => {
      const r = await autocannon({ url, connections: 50, duration: SECONDS, headers });
      if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      return { count: r.requests.total, extra: { rps: r.requests.average } };
    };
    const bare = `${base}/health`;
    const read = `${base}/users/${org}/user/${login.user._id}/patient`;
    await cannon(bare);
    await cannon(read);
    const funnel = await prepareFunnel(base, org);
    await measureSaves(funnel, 1);
    const results: Record<string, Awaited<ReturnType<typeof phase>>> = {};
    const which = (process.env.COST_ONLY ?? 'bare,read,save').split(',');
    if (which.includes('bare')) results.bare = await phase(proc.pid!, () => cannon(bare));
    if (which.includes('read')) results.read = await phase(proc.pid!, () => cannon(read));
    if (which.includes('save'))
      results.save = await phase(proc.pid!, async () => {
        const f = await measureSaves(funnel, SECONDS);
        return { count: f.count, extra: { p95: f.p95, rps: f.rps } };
      });
    for (const [name, r] of Object.entries(results))
      console.info(
        `${name.padEnd(5)} ${String(r.count).padStart(7)} requests  server ${(r.serverMsPerRequest * 1000).toFixed(0).padStart(4)} µs/req  postgres ${(r.postgresMsPerRequest * 1000).toFixed(0).padStart(4)} µs/req  ${JSON.stringify(r.extra)}`,
      );
    if (process.env.BENCH_CPU_PROF) {
      mkdirSync(process.env.BENCH_CPU_PROF, { recursive: true });
      writeFileSync(path.join(process.env.BENCH_CPU_PROF, 'windows.json'), JSON.stringify(windows));
    }
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
