import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** A limit, not a wait: how long a fresh portal may take to migrate, seed and listen on a busy machine. */
const START_TIMEOUT_MS = 150_000;

/** A running portal: the built server on its own fresh embedded database, seeded with the demo clinics. */
export type Portal = {
  port: number;
  outboxDir: string;
  smsOutboxDir: string;
  stop: () => Promise<void>;
};

/** A port nobody listens on right now (another engineer's test server may hold the usual one). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '0.0.0.0', resolve);
  });
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Servers still running: stopped with this process too, should a test end without stopping its own. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const server of running) server.kill('SIGTERM');
});

type Started = { ready: true } | { ready: false; code: number | null; output: string };

/**
 * Resolves once the server logs that it listens, or with its exit code if it stops first. Readiness comes
 * from the server itself, so nothing polls; its warnings and errors are passed on to this process's stderr.
 */
function whenStarted(server: ChildProcess): Promise<Started> {
  return new Promise((resolve) => {
    const tail: string[] = [];
    const passOn = (line: string) => {
      process.stderr.write(`${line}\n`);
      tail.push(line);
    };
    createInterface({ input: server.stdout! }).on('line', (line) => {
      let entry: { level?: number; msg?: string } = {};
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        // not a log line
      }
      // the portal's own line, or Fastify's: either says the port is open
      if (entry.msg?.startsWith('portal ready') || entry.msg?.startsWith('Server listening at'))
        resolve({ ready: true });
      else if ((entry.level ?? 50) >= 40) passOn(line);
    });
    createInterface({ input: server.stderr! }).on('line', passOn);
    server.once('close', (code) => resolve({ ready: false, code, output: tail.slice(-5).join('\n') }));
  });
}

/**
 * A private copy of the built portal (the server bundle with its migrations, and the web app) for one run,
 * laid out as in the repository, so that another engineer's `npm run build` during the run (which empties
 * apps/web/dist and renames every chunk) cannot pull pages out from under the browser. Returns its folder.
 */
export function snapshotBuild(): string {
  const main = path.join(ROOT, 'apps/api/dist/main.js');
  const manifestFile = path.join(ROOT, 'apps/web/dist/.vite/manifest.json');
  if (!existsSync(main) || !existsSync(manifestFile)) throw new Error('Build first: npm run build');
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-build-'));
  for (const part of ['apps/api/package.json', 'apps/api/dist', 'apps/api/drizzle', 'apps/web/dist'])
    cpSync(path.join(ROOT, part), path.join(dir, part), { recursive: true });
  // the server bundle keeps its packages external: they load from the repository's node_modules
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  // and the versions the server needs that npm kept beside it (another package hoisted an older one)
  const apiModules = path.join(ROOT, 'apps/api/node_modules');
  if (existsSync(apiModules)) symlinkSync(apiModules, path.join(dir, 'apps/api/node_modules'), 'dir');
  const manifest = JSON.parse(readFileSync(path.join(dir, 'apps/web/dist/.vite/manifest.json'), 'utf8'));
  const missing = Object.values(manifest as Record<string, { file: string }>)
    .map((chunk) => chunk.file)
    .filter((file) => !existsSync(path.join(dir, 'apps/web/dist', file)));
  if (missing.length > 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`The web build changed while it was copied (no ${missing[0]}): run the tests again.`);
  }
  return dir;
}

/**
 * Starts the built portal of `buildDir` (see snapshotBuild) on a fresh embedded database (created,
 * migrated and seeded on start) and a free port, or `port`.
 */
export async function startPortal(buildDir: string, opts: { port?: number } = {}): Promise<Portal> {
  const main = path.join(buildDir, 'apps/api/dist/main.js');
  // A port found free can be taken before the server binds it: then try another.
  for (let attempt = 1; ; attempt++) {
    const port = opts.port ?? (await freePort());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
    const outboxDir = path.join(dataDir, 'outbox');
    const smsOutboxDir = path.join(dataDir, 'sms-outbox');
    const server = spawn(process.execPath, [main], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '0.0.0.0',
        DATA_DIR: dataDir,
        OUTBOX_DIR: outboxDir,
        SMS_OUTBOX_DIR: smsOutboxDir,
        // 'info' for the one line that says the server listens (requests are not logged)
        LOG_LEVEL: 'info',
        TOKEN_TTL_SECONDS: '3600',
        // every browser test signs in from the same address: the per-address login limit is not under test
        RATE_LIMIT_ADDRESS: '10000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(server);
    const exited = new Promise<void>((resolve) =>
      server.once('exit', () => {
        running.delete(server);
        resolve();
      }),
    );
    let timer: NodeJS.Timeout | undefined;
    const started = await Promise.race([
      whenStarted(server),
      new Promise<Started>((resolve) => {
        timer = setTimeout(() => {
          server.kill('SIGTERM');
          resolve({ ready: false, code: null, output: `not ready after ${START_TIMEOUT_MS / 1000} s` });
        }, START_TIMEOUT_MS);
      }),
    ]);
    clearTimeout(timer);
    if (started.ready) {
      return {
        port,
        outboxDir,
        smsOutboxDir,
        stop: async () => {
          if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
          await exited;
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    }
    rmSync(dataDir, { recursive: true, force: true });
    const portTaken = started.output.includes('EADDRINUSE');
    if (!portTaken || opts.port !== undefined || attempt >= 3)
      throw new Error(`portal exited with ${started.code} before it was ready:\n${started.output}`);
  }
}
