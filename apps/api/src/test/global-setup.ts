import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, openDatabase } from '../db/client';
import { seedDatabase } from '../db/seed/seed';
import { hashPassword } from '../platform/auth/password';
import type { TemplateKind } from './test-db';

const seed = (database: Database) =>
  seedDatabase(database.db, { hashPassword, appUrl: (host) => `http://${host}:3000` });

/**
 * Migrates (and seeds) two template databases once per run, so each API test file starts from a copy instead
 * of running every migration and the seed again: on the embedded database a dump of PGlite's files, on a
 * server a database used as CREATE DATABASE's TEMPLATE. Both are removed when the run ends.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-db-templates-'));
    const files = {} as Record<TemplateKind, string>;
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    for (const kind of ['migrated', 'seeded'] as const) {
      if (kind === 'seeded') await seed(database);
      const dump = await database.dumpDataDir?.();
      if (!dump) throw new Error('the embedded database cannot be dumped');
      files[kind] = path.join(dir, `${kind}.tar`);
      writeFileSync(files[kind], Buffer.from(await dump.arrayBuffer()));
    }
    await database.close();
    project.provide('databaseTemplates', files);
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const names = {} as Record<TemplateKind, string>;
  const run = randomBytes(4).toString('hex');
  for (const kind of ['migrated', 'seeded'] as const) {
    names[kind] = `portal_template_${run}_${kind}`;
    await admin(serverUrl, `CREATE DATABASE ${names[kind]}`);
    const url = new URL(serverUrl);
    url.pathname = `/${names[kind]}`;
    const database = await openDatabase({ url: url.toString(), dataDir: 'unused', poolSize: 1 });
    await database.migrate();
    if (kind === 'seeded') await seed(database);
    await database.close();
  }
  project.provide('databaseTemplates', names);
  return async () => {
    for (const name of Object.values(names))
      await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}

async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
