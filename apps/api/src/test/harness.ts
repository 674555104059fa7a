import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixedClock } from '@portal/domain/testing/fixed-clock';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type BuildOptions, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { Database } from '../db/client';
import { seedDatabase } from '../db/seed/seed';
import { hashPassword } from '../platform/auth/password';
import { openTestDatabase } from './test-db';

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  database: Database;
  outboxDir: string;
  close: () => Promise<void>;
};

/**
 * A seeded server on its own database, driven with inject(); the outbox is a temporary folder. Business rules
 * read a fixed clock (FIXED_NOW unless the test passes another), so no result depends on when the suite runs.
 * The job queue does not poll: a test runs due jobs with `t.app.ctx.jobs.runDue()`, or asks for polling.
 * Given a database, the server is one more instance on it: nothing is seeded, and closing leaves it open.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    now?: () => Date;
    database?: Database;
    jobs?: BuildOptions['jobs'];
    /** Receives the server's log lines (at LOG_LEVEL, silent unless the test sets it). */
    logStream?: BuildOptions['logStream'];
    /** Receives unexpected errors instead of the log. */
    errorReporter?: BuildOptions['errorReporter'];
  } = {},
): Promise<TestApp> {
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'portal-outbox-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    TOKEN_SECRET: 'test-secret-test-secret-test-secret-42',
    OUTBOX_DIR: outboxDir,
    WEB_DIST: path.join(outboxDir, 'no-web'),
    LOG_LEVEL: 'silent',
    // Files run in parallel on one Redis: each server counts its rate limits under its own keys.
    REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
    ...env,
  });
  const ownDatabase = !opts.database;
  const fresh = ownDatabase ? await openTestDatabase('seeded') : null;
  const database = opts.database ?? fresh!;
  if (fresh && !fresh.seeded)
    await seedDatabase(database.db, { hashPassword, appUrl: (host) => `http://${host}:3000` });
  const app = await buildApp({
    config,
    database,
    logger: !!opts.logStream,
    logStream: opts.logStream,
    ...(opts.errorReporter ? { errorReporter: opts.errorReporter } : {}),
    now: opts.now ?? fixedClock(),
    jobs: opts.jobs ?? { poll: false },
  });
  await app.ready();
  return {
    app,
    config,
    database,
    outboxDir,
    async close() {
      await app.close();
      if (ownDatabase) await database.close();
      rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}

export type OutboxMail = { to: string; subject: string; text: string };

/** The e-mails written to the outbox, oldest first. */
export function readOutbox(dir: string): OutboxMail[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as OutboxMail);
}

/** An outbox e-mail with the list of its extra parts (.json) and its whole MIME text (.eml). */
export type OutboxMessage = OutboxMail & {
  alternatives: { content_type: string }[];
  attachments: { filename: string; content_type: string }[];
  eml: string;
};

/** The e-mails of the outbox to one address, oldest first, each with its .eml. */
export function readOutboxMessages(dir: string, to: string): OutboxMessage[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({
      ...(JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Omit<OutboxMessage, 'eml'>),
      eml: readFileSync(path.join(dir, f.replace(/\.json$/, '.eml')), 'utf8'),
    }))
    .filter((m) => m.to === to);
}

/** Waits for a mail to reach the outbox (mail is sent after the answer). */
export async function waitForMail(dir: string, to: string, count = 1, timeoutMs = 5000): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = readOutbox(dir).filter((m) => m.to === to);
    if (mails.length >= count) return mails[count - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail for ${to} in the outbox`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse) => res.json() as T;

let counter = 0;
/** Signs up a new patient through the API; returns its token, id and organization. */
export async function signupPatient(
  app: FastifyInstance,
  organization: string,
  overrides: Record<string, unknown> = {},
) {
  counter += 1;
  const body = {
    first_name: 'pat',
    last_name: `tester${String.fromCharCode(97 + (counter % 26))}`,
    email: `patient${counter}-${Date.now()}@example.com`,
    password: 'secret123',
    organization,
    accepted_terms: true,
    ...overrides,
  };
  const res = await app.inject({ method: 'POST', url: '/v2/users', payload: body });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const { token, user } = res.json() as {
    token: string;
    user: { _id: string; organization: string; email: string };
  };
  return {
    token,
    id: user._id,
    organization: user.organization,
    email: user.email,
    password: String(body.password),
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Rows of a raw SQL query, for assertions on what was stored. */
export async function rows<T = Record<string, unknown>>(database: Database, query: SQL): Promise<T[]> {
  // node-postgres and PGlite answer { rows }, postgres.js answers the rows themselves.
  const result = (await database.db.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
}

/** Signs a seeded user (demo staff and patients share the demo password) in; answers the session token. */
export async function logInAs(
  app: FastifyInstance,
  email: string,
  organization: string,
  password = 'Demo1234!',
) {
  const res = await app.inject({
    method: 'POST',
    url: `/login/${organization}`,
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}
