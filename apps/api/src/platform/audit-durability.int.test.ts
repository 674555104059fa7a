import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { rows } from '../test/harness';

/**
 * The audit row of a read is durable before the response that reveals the data (decision 022): the real
 * server (src/main.ts in its own process, on an embedded database in a folder, or on a fresh PostgreSQL
 * database with DATABASE_URL) answers a patient read, is killed with SIGKILL as soon as the response
 * arrives — no shutdown, no flush — and the database, opened again, holds the read's row.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const MAIN = path.join(ROOT, 'apps/api/src/main.ts');
const DEMO = { email: 'demo@evergreen.test', password: 'Demo1234!' };

let dataDir: string;
let databaseUrl: string | undefined;
let server: ChildProcess | undefined;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function freshServerDatabase(serverUrl: string): Promise<string> {
  const name = `portal_durability_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Starts src/main.ts and waits until it answers /health (a first start migrates and seeds). */
async function startServer(): Promise<{ proc: ChildProcess; base: string }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      TOKEN_SECRET: 'durability-secret-durability-secret-12',
      WEB_DIST: path.join(dataDir, 'no-web'),
      OUTBOX_DIR: path.join(dataDir, 'outbox'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    proc.once('exit', (code) => reject(new Error(`server exited with ${code}`))),
  );
  exited.catch(() => undefined);
  for (;;) {
    const up = fetch(`${base}/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (await Promise.race([up, exited])) return { proc, base };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-durability-'));
  if (process.env.DATABASE_URL) databaseUrl = await freshServerDatabase(process.env.DATABASE_URL);
});
afterAll(async () => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl && process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  }
});

describe('audit rows survive a killed server', () => {
  it('holds the row of a patient read answered just before SIGKILL', { timeout: 180_000 }, async () => {
    const started = await startServer();
    server = started.proc;
    const { base, proc } = started;
    const org = (
      (await (await fetch(`${base}/organization/search?domain=localhost`)).json()) as { _id: string }
    )._id;
    const login = await fetch(`${base}/login/${org}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(DEMO),
    });
    expect(login.status).toBe(200);
    const { token, user } = (await login.json()) as { token: string; user: { _id: string } };

    const read = await fetch(`${base}/users/${org}/user/${user._id}/patient`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    // the response's head is here: kill the server before anything else can run in it
    const gone = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGKILL');
    await gone;
    expect(read.status).toBe(200);
    const requestId = read.headers.get('x-request-id');
    expect(requestId).toBeTruthy();

    const database: Database = await openDatabase({ url: databaseUrl, dataDir });
    try {
      const audit = await rows<{ patient_id: string; action: string; outcome: string; status_code: number }>(
        database,
        sql`select patient_id, action, outcome, status_code from audit_log where request_id = ${requestId}`,
      );
      expect(audit).toEqual([
        {
          patient_id: user._id,
          action: 'GET /users/:org/user/:id/patient',
          outcome: 'allowed',
          status_code: 200,
        },
      ]);
    } finally {
      await database.close();
    }
  });
});
