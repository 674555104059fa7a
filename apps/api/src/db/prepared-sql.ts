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
