import { type Column, type SQL, sql } from 'drizzle-orm';

/**
 * `column = any($1)` with the ids as one array parameter: the same rows as inArray, but one parameter
 * however many ids (inArray binds each one, and building fifty of them was a visible part of a booking),
 * and one statement text for PostgreSQL to keep prepared whatever the count.
 */
export function anyOf(column: Column, ids: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::text[])`;
}
