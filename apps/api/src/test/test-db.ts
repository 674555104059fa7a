import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client';

export type TemplateKind = 'migrated' | 'seeded';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Made once per run by global-setup.ts: a file of PGlite's dump, or a database name on the server. */
    databaseTemplates: Record<TemplateKind, string> | null;
  }
}

/** The run's templates, when the API project's global setup made them (a lone file run may have none). */
function templates(): Record<TemplateKind, string> | null {
  try {
    return inject('databaseTemplates') ?? null;
  } catch {
    return null;
  }
}

async function onServer<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** CREATE DATABASE from a template fails while another copy of it starts: such a clash is retried. */
async function createFrom(serverUrl: string, name: string, template: string | null): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await onServer(serverUrl, (c) =>
        c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
      );
      return;
    } catch (error) {
      const busy = error instanceof Error && /being accessed by other users/.test(error.message);
      if (!busy || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/**
 * A fresh database for one test file, migrated, and with the demo clinics seeded when `kind` is 'seeded':
 * embedded PGlite in memory by default; with DATABASE_URL, a new database on that server, dropped on close.
 * Each starts as a copy of a template the run made once (global-setup.ts), so a file pays neither
 * PGlite's migrations nor the seed; without templates it is migrated here (and the caller seeds).
 */
export async function openTestDatabase(
  kind: TemplateKind = 'migrated',
): Promise<Database & { seeded: boolean }> {
  const template = templates()?.[kind] ?? null;
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const db = await openDatabase({
      dataDir: 'memory://',
      ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
    });
    if (!template) await db.migrate();
    return { ...db, seeded: template !== null && kind === 'seeded' };
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await createFrom(serverUrl, name, template);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString(), dataDir: 'unused' });
  if (!template) await db.migrate();
  return {
    ...db,
    seeded: template !== null && kind === 'seeded',
    async close() {
      await db.close();
      await onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
