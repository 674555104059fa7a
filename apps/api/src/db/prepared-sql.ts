import type { SQL } from 'drizzle-orm';
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
export function prebuiltSql<T>(name: string, query: SQL) {
  let built: { sql: string; params: unknown[] } | undefined;
  return async (db: Db, values: Record<string, unknown>): Promise<T[]> => {
    const { dialect, session } = db as unknown as Internals;
    built ??= dialect.sqlToQuery(query);
    const result = (await session.prepareQuery(built, undefined, name, false).execute(values)) as
      | { rows: T[] }
      | T[];
    return Array.isArray(result) ? result : result.rows;
  };
}
