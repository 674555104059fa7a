import { fillPlaceholders, type SQL } from 'drizzle-orm';
import type { Db } from './client';

type Internals = {
  dialect: { sqlToQuery: (query: SQL) => { sql: string; params: unknown[] } };
  session: {
    prepareQuery: (
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ) => { execute: (values: Record<string, unknown>) => Promise<unknown> };
  };
};

/**
 * A raw statement (`sql` with `sql.placeholder(...)` for its values) built once and run with values, as the
 * query builder's `.prepare(name)` does for its own queries: `db.execute` turns the template into text on
 * every call, which on a long statement (the answer save's CTEs) was a quarter of the request's CPU.
 * Returns the rows whichever driver answered.
 */
export function preparedSql<T>(db: Db, name: string, query: SQL) {
  const { dialect, session } = db as unknown as Internals;
  const prepared = session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return async (values: Record<string, unknown>): Promise<T[]> => {
    // PGlite answers { rows }, postgres.js the rows themselves
    const result = (await prepared.execute(values)) as { rows: T[] } | T[];
    return Array.isArray(result) ? result : result.rows;
  };
}

/**
 * A raw statement (`sql` with `sql.placeholder(...)`) turned into text once, then run on whichever connection
 * is given: the database, or a transaction (a statement prepared on the database would run outside it).
 */
export function prebuiltSql<T>(name: string, query: SQL): Prebuilt<T> {
  let built: { sql: string; params: unknown[] } | undefined;
  const textOf = (db: Db) => {
    built ??= (db as unknown as Internals).dialect.sqlToQuery(query);
    return built;
  };
  const run = async (db: Db, values: Record<string, unknown>): Promise<T[]> => {
    const { session } = db as unknown as Internals;
    const result = (await session.prepareQuery(textOf(db), undefined, name, false).execute(values)) as
      | { rows: T[] }
      | T[];
    return Array.isArray(result) ? result : result.rows;
  };
  return Object.assign(run, {
    text: (db: Db, values: Record<string, unknown>) => {
      const { sql: text, params } = textOf(db);
      return { text, params: fillPlaceholders(params, values) };
    },
  });
}
export type Prebuilt<T> = ((db: Db, values: Record<string, unknown>) => Promise<T[]>) & {
  /** The statement's text and its parameters in order, for a driver called directly. */
  text: (db: Db, values: Record<string, unknown>) => { text: string; params: unknown[] };
};

type Reservable = ((...args: never[]) => unknown) & {
  reserve: () => Promise<{
    unsafe: (text: string, params?: unknown[]) => Promise<unknown[]>;
    release: () => void;
  }>;
};

/**
 * Statements that need no answer from one another, run in one transaction. On a database server BEGIN, the
 * statements and COMMIT go out together on one connection, in one round trip: the server still runs them in
 * order, each after the one before has finished (so a lock taken by one holds for the next, whose snapshot
 * is taken after it). On the embedded database (one connection, in this process) an ordinary transaction.
 * Answers each statement's rows; a statement that fails rolls the whole back and is thrown.
 */
export async function inOneTransaction(
  db: Db,
  statements: readonly { statement: Prebuilt<unknown>; values: Record<string, unknown> }[],
): Promise<unknown[][]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  // postgres.js is a function (the tagged template), PGlite an object
  if (typeof client !== 'function') {
    return db.transaction(async (tx) => {
      const results: unknown[][] = [];
      for (const s of statements) results.push(await s.statement(tx as unknown as Db, s.values));
      return results;
    });
  }
  const connection = await (client as Reservable).reserve();
  try {
    const sent = [
      connection.unsafe('begin'),
      ...statements.map((s) => {
        const { text, params } = s.statement.text(db, s.values);
        return connection.unsafe(text, params);
      }),
      connection.unsafe('commit'),
    ];
    // every answer awaited, so none is left to reject unheard
    const settled = await Promise.allSettled(sent);
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed) {
      // after an error the server ignores the statements up to the COMMIT, which then rolls back
      await connection.unsafe('rollback').catch(() => undefined);
      throw failed.reason;
    }
    return settled.slice(1, -1).map((r) => [...(r as PromiseFulfilledResult<unknown[]>).value]);
  } finally {
    connection.release();
  }
}
