import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
    outboxDir: string;
    smsOutboxDir: string;
    artifactsDir: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0) {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return;
  }
  throw new Error(`Chromium not found at ${CHROMIUM}: install it with 'apt-get install -y chromium'.`);
}

/** Starts the built portal on a fresh embedded database, as a patient's browser would reach it. */
export default async function setup(project: TestProject) {
  ensureChromium();
  const main = path.join(ROOT, 'apps/api/dist/main.js');
  if (!existsSync(main)) throw new Error('Build first: npm run build');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const outboxDir = path.join(dataDir, 'outbox');
  const smsOutboxDir = path.join(dataDir, 'sms-outbox');
  const port = Number(process.env.E2E_PORT ?? 3100);
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
      LOG_LEVEL: 'warn',
      TOKEN_TTL_SECONDS: '3600',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`portal exited with ${server.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) break;
    } catch {
      // still starting
    }
    if (Date.now() > deadline) throw new Error('portal did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const artifactsDir = path.join(ROOT, 'test-results/e2e');
  project.provide('baseUrl', base);
  project.provide('port', port);
  project.provide('outboxDir', outboxDir);
  project.provide('smsOutboxDir', smsOutboxDir);
  project.provide('artifactsDir', artifactsDir);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
