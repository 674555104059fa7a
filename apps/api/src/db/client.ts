import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { MIGRATIONS_DIR } from '../paths';

export type Db = PgDatabase<PgQueryResultHKT>;

/** Raw SQL with positional parameters, as libraries that bring their own SQL (the job queue) expect it. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the committed migrations; safe to call on every start. */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /** The embedded database's files as one archive (PGlite only), to start another database from. */
  dumpDataDir?: () => Promise<Blob>;
  /** The server's URL (PostgreSQL only), for libraries that open a small pool of their own. */
  url?: string;
  /**
   * The embedded database's own connection (PGlite only), for libraries that cannot open one: the embedded
   * database has exactly one. Text without parameters may hold several statements.
   */
  executeSql?: ExecuteSql;
};

/**
 * PostgreSQL on a server when a URL is given, otherwise embedded PGlite in dataDir
 * (or in memory for dataDir 'memory://'). Drivers load lazily so one does not pay for the other.
 */
export async function openDatabase(opts: {
  url?: string | undefined;
  dataDir: string;
  migrationsDir?: string;
  /** Connections to a PostgreSQL server (default 20). */
  poolSize?: number;
  /** An embedded database's files to start from (a dump of another one, e.g. the tests' migrated template). */
  loadDataDir?: Blob;
}): Promise<Database> {
  const folder = opts.migrationsDir ?? MIGRATIONS_DIR;
  if (opts.url) {
    // postgres.js: pipelined, with statements prepared on each connection, clearly faster than node-postgres here.
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    const client = postgres(opts.url, { max: opts.poolSize ?? 20, onnotice: () => undefined });
    const db = drizzle({ client });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migrate(db, { migrationsFolder: folder }),
      close: () => client.end({ timeout: 5 }),
      url: opts.url,
    };
  }
  const { PGlite, types } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = opts.dataDir.startsWith('memory://');
  const dir = inMemory ? opts.dataDir : path.resolve(opts.dataDir, 'pg');
  if (!inMemory) mkdirSync(dir, { recursive: true });
  // Drizzle hands PGlite the same type parsers with every query (dates and intervals as text), and PGlite
  // then copies its whole parser table per query: a tenth of a read's time. Installed once here instead,
  // and dropped from each query's options below.
  const asText = (value: string) => value;
  const parsers = Object.fromEntries(
    [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
      (t) => [t, asText],
    ),
  );
  const client = await PGlite.create(dir, {
    parsers,
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const query = client.query.bind(client);
  const fastClient = new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return (sqlText: string, params?: unknown[], options?: { rowMode?: 'array' | 'object' }) =>
          query(sqlText, params, options?.rowMode ? { rowMode: options.rowMode } : undefined);
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const db = drizzle({ client: fastClient });
  const executeSql: ExecuteSql = async (text, values) => {
    if (values?.length) return client.query<Record<string, unknown>>(text, values);
    // A script with its own BEGIN ... COMMIT (pg-boss's schema and maintenance) runs inside a PGlite transaction:
    // that holds the one connection for the whole script, and if a statement fails PGlite rolls back, where a
    // bare exec would leave the connection in an aborted transaction that fails every later request.
    const results = /^\s*BEGIN\b/i.test(text)
      ? await client.transaction((tx) => tx.exec(text))
      : await client.exec(text);
    return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
  };
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder: folder }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
    executeSql,
  };
}
