import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { MIGRATIONS_DIR } from '../paths';
import { createPreparedStatements, type PreparedStatements } from './pglite-prepared';
import { DEFAULT_POOL_SIZE } from './pool-size';

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
  /**
   * How many SQL statements this process has sent through `db` and `executeSql` so far, BEGIN and COMMIT
   * included (a transaction of n statements counts n + 2). Tests take the difference around one request to
   * hold each hot path to its number of statements; a plain counter, so production pays nothing for it.
   */
  statements: () => number;
};

/**
 * PostgreSQL on a server when a URL is given, otherwise embedded PGlite in dataDir
 * (or in memory for dataDir 'memory://'). Drivers load lazily so one does not pay for the other.
 */
export async function openDatabase(opts: {
  url?: string | undefined;
  dataDir: string;
  migrationsDir?: string;
  /** Connections to a PostgreSQL server (default: the cores plus one, at least 3; decision 054). */
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
    const client = postgres(opts.url, { max: opts.poolSize ?? DEFAULT_POOL_SIZE, onnotice: () => undefined });
    let statements = 0;
    const db = drizzle({ client: countingPostgres(client, () => statements++) });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      statements: () => statements,
      migrate: () => migrate(db, { migrationsFolder: folder }),
      close: () => client.end({ timeout: 5 }),
      url: opts.url,
    };
  }
  const pglite = await import('@electric-sql/pglite');
  const { PGlite, types } = pglite;
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = opts.dataDir.startsWith('memory://');
  const dir = inMemory ? opts.dataDir : path.resolve(opts.dataDir, 'pg');
  if (!inMemory) mkdirSync(dir, { recursive: true });
  if (!inMemory && !opts.loadDataDir && !existsSync(path.join(dir, 'PG_VERSION'))) {
    await createClusterApart(dir);
  }
  // Drizzle hands PGlite the same type parsers with every query (dates and intervals as text), and PGlite
  // then copies its whole parser table per query: a tenth of a read's time. Installed once here instead,
  // and dropped from each query's options below.
  const asText = (value: string) => value;
  const parsers = Object.fromEntries(
    [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
      (t) => [t, asText],
    ),
  );
  // btree_gist: the exclusion constraint that keeps a physician's bookings apart (migration 0024, decision 043).
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const client = await PGlite.create(dir, {
    parsers,
    extensions: { btree_gist },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  let statements = 0;
  const prepared = createPreparedStatements(client, pglite);
  const db = drizzle({ client: fastPglite(client, prepared, () => statements++) });
  const executeSql: ExecuteSql = async (text, values) => {
    statements++;
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
    statements: () => statements,
  };
}

/**
 * A new embedded database is made (initdb) in a child process that exits when done. Made in this process,
 * PGlite runs initdb in two more WebAssembly instances beside its own and keeps the memory they grew: the
 * server then holds about 880 MB for the rest of its life, and peaks near 1 GB while starting, where opening
 * an existing database takes under 400 MB. If the child fails, PGlite makes the database here as before.
 */
async function createClusterApart(dir: string): Promise<void> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `require(${JSON.stringify(entry)}).PGlite.create(${JSON.stringify(dir)})
    .then((db) => db.close())
    .then(() => process.exit(0), () => process.exit(1));`;
  const ok = await new Promise<boolean>((resolve) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
  if (!ok) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
}

type QueryOptions = { rowMode?: 'array' | 'object' };
type PgliteQueries = {
  query: (sqlText: string, params?: unknown[], options?: QueryOptions) => Promise<unknown>;
  exec: (sqlText: string, options?: unknown) => Promise<unknown>;
  transaction: <T>(fn: (tx: PgliteQueries) => Promise<T>) => Promise<T>;
};

/**
 * The PGlite client as Drizzle sees it: data statements prepared once per text (`pglite-prepared.ts`), the
 * per-query type parsers dropped (see above) and every statement counted, in and out of transactions (BEGIN
 * and COMMIT or ROLLBACK count one each).
 */
function fastPglite<C extends object>(client: C, prepared: PreparedStatements, count: () => void): C {
  const wrap = <X extends object>(target: X, inTransaction = false): X =>
    new Proxy(target, {
      get(object, property) {
        const value = Reflect.get(object, property, object) as unknown;
        if (typeof value !== 'function') return value;
        const own = value.bind(object) as (...args: unknown[]) => unknown;
        if (property === 'query') {
          return (sqlText: string, params?: unknown[], options?: QueryOptions) => {
            count();
            if (prepared.handles(sqlText)) {
              return inTransaction
                ? prepared.queryInTransaction(sqlText, params, options?.rowMode)
                : prepared.query(sqlText, params, options?.rowMode);
            }
            return own(sqlText, params, options?.rowMode ? { rowMode: options.rowMode } : undefined);
          };
        }
        if (property === 'exec') {
          return (...args: unknown[]) => {
            count();
            return own(...args);
          };
        }
        if (property === 'transaction') {
          return (fn: (tx: PgliteQueries) => Promise<unknown>) => {
            count(); // BEGIN
            return own(async (tx: PgliteQueries) => {
              try {
                return await fn(wrap(tx, true));
              } finally {
                count(); // COMMIT or ROLLBACK
              }
            });
          };
        }
        return own;
      },
    });
  return wrap(client);
}

type PostgresSql = ((...args: never[]) => unknown) & {
  unsafe: (...args: never[]) => unknown;
  begin: (...args: never[]) => Promise<unknown>;
  savepoint?: (...args: never[]) => Promise<unknown>;
};

/**
 * postgres.js as Drizzle sees it: every statement counted (`unsafe` is how Drizzle sends each one) and
 * prepared on its connection, on a reserved connection too.
 */
function countingPostgres<C extends object>(client: C, count: () => void): C {
  const wrap = <X extends object>(target: X): X =>
    new Proxy(target, {
      get(object, property) {
        const value = Reflect.get(object, property, object) as unknown;
        if (typeof value !== 'function') return value;
        if (property === 'unsafe') {
          return (text: unknown, params?: unknown, options?: Record<string, unknown>) => {
            count();
            // Drizzle prepares only queries given a name; postgres.js then describes every other query with
            // parameters in a round trip of its own before running it, and the server parses and plans it
            // each time. Prepared (once per connection and text), a statement is one round trip.
            return (value as (...a: unknown[]) => unknown).call(object, text, params, {
              ...options,
              prepare: true,
            });
          };
        }
        if (property === 'reserve') {
          // a connection of its own (inOneTransaction): its statements are counted and prepared the same way
          return async (...args: unknown[]) =>
            wrap((await (value as (...a: unknown[]) => Promise<object>).apply(object, args)) as object);
        }
        if (property === 'begin' || property === 'savepoint') {
          return (...args: unknown[]) => {
            const fn = args.at(-1) as (sql: PostgresSql) => Promise<unknown>;
            count(); // BEGIN or SAVEPOINT
            const counted = async (sql: PostgresSql) => {
              try {
                return await fn(wrap(sql));
              } finally {
                count(); // COMMIT or ROLLBACK (or RELEASE)
              }
            };
            return (value as (...a: unknown[]) => unknown).apply(object, [...args.slice(0, -1), counted]);
          };
        }
        return value;
      },
    });
  return wrap(client);
}
