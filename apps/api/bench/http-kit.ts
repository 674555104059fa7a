/** What the bench's measured areas share: percentiles, JSON calls, a new patient, p95 at n clients. */
import { readFileSync } from 'node:fs';
import type { Figure } from './aims';

/** A built server the bench started. */
export type Started = { base: string; proc?: { pid?: number | undefined } };

/**
 * CPU time (user and system, ms) a server process has used: read before and after a phase, it gives the
 * server's cost per request, which holds steadier than latency when the machine is busy with other work.
 */
export function cpuMsOf(server: Started): number | undefined {
  const pid = server.proc?.pid;
  if (!pid) return undefined;
  try {
    // fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 a second on Linux); the name in field 2 can
    // hold spaces, so count from its closing parenthesis
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** How an area measured on a database of its own is run. */
export type AreaBenchOptions<S extends Started> = {
  pgUrl: string;
  dataDir: string;
  /** How long each request is measured in a round (after half a second unmeasured). */
  seconds: number;
  /** Rounds, each measuring every request in turn; the figure is the median p95. */
  rounds?: number;
  start: (env: Record<string, string>, port: number) => Promise<S>;
  stop: (server: S) => Promise<void>;
};

/** An area's measured requests: p95 (ms), how many were timed, the aim. */
export type AreaResults = { name: string; p95: number; count: number; aim: number }[];

/** An area's results as the bench prints them, each held to its aim. */
export function areaFigures(group: string, results: AreaResults): Figure[] {
  return results.map((r) => ({
    group,
    name: `${r.name} (${r.count} requests)`,
    value: r.p95,
    unit: 'ms',
    digits: 1,
    aim: { atMost: r.aim },
  }));
}

export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

export const medianOf = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** A JSON call that must succeed (30 s at most). */
export async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A new patient of the demo clinic on this host, signed up as the app does (POST /v2/users). */
export async function signUp(base: string, name: string) {
  const org = (await call<{ _id: string }>(`${base}/organization/search?domain=localhost`))._id;
  const { token, user } = await call<{ token: string; user: { _id: string } }>(`${base}/v2/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      first_name: name,
      last_name: 'Bench',
      email: `${name.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@bench.test`,
      password: 'secret123',
      organization: org,
      accepted_terms: true,
    }),
  });
  return { token, userId: user._id, organizationId: org };
}

/** `clients` clients asking `path` in turn for `seconds` (after half a second unmeasured): p95 in ms. */
export async function p95Get(base: string, token: string, path: string, seconds: number, clients: number) {
  const latencies: number[] = [];
  const warmUntil = performance.now() + 500;
  const until = warmUntil + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const res = await fetch(`${base}${path}`, {
          headers: { accept: 'application/json, application/pdf', authorization: `Bearer ${token}` },
        });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${path}: ${res.status}`);
        if (started >= warmUntil) latencies.push(performance.now() - started);
      }
    }),
  );
  // no request finished inside the window: slower than the window itself, never a pass
  return {
    p95: latencies.length ? percentile(latencies, 95) : Number.POSITIVE_INFINITY,
    count: latencies.length,
  };
}
