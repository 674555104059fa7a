import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-db';
import type { Database } from './client';
import { inOneTransaction, prebuiltSql } from './prepared-sql';

/**
 * inOneTransaction on whichever database the tests run (the embedded one, or the server with DATABASE_URL,
 * where BEGIN, the statements and COMMIT go out together on a connection of their own).
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table together (id int primary key, note text not null)`);
});
afterAll(() => database.close());

const insert = prebuiltSql<{ id: number }>(
  'together_insert',
  sql`insert into together (id, note) values (${sql.placeholder('id')}::int, ${sql.placeholder('note')}) returning id`,
);
const count = prebuiltSql<{ n: number }>('together_count', sql`select count(*)::int as n from together`);
const ids = async () =>
  (await database.db.execute<{ id: number }>(sql`select id from together order by id`)) as unknown as
    | { rows: { id: number }[] }
    | { id: number }[];
const idsOf = async () => {
  const result = await ids();
  return (Array.isArray(result) ? result : result.rows).map((r) => r.id);
};

describe('inOneTransaction', () => {
  it("answers each statement's rows in order, a later one seeing what an earlier one wrote", async () => {
    const [first, second, seen] = await inOneTransaction(database.db, [
      { statement: insert, values: { id: 1, note: 'one' } },
      { statement: insert, values: { id: 2, note: 'two' } },
      { statement: count, values: {} },
    ]);
    expect(first).toEqual([{ id: 1 }]);
    expect(second).toEqual([{ id: 2 }]);
    expect(seen).toEqual([{ n: 2 }]);
    expect(await idsOf()).toEqual([1, 2]);
  });

  it('rolls the whole back when a statement fails, throws its error, and leaves the database usable', async () => {
    const error = await inOneTransaction(database.db, [
      { statement: insert, values: { id: 3, note: 'three' } },
      // the same key again: a unique violation
      { statement: insert, values: { id: 1, note: 'again' } },
      { statement: insert, values: { id: 4, note: 'four' } },
    ]).then(
      () => undefined,
      (e: unknown) => e as { code?: string; cause?: { code?: string } },
    );
    // the driver's error (postgres.js), or Drizzle's around it (PGlite)
    expect(error?.cause?.code ?? error?.code).toBe('23505');
    expect(await idsOf()).toEqual([1, 2]);
    const [after] = await inOneTransaction(database.db, [
      { statement: insert, values: { id: 5, note: 'five' } },
    ]);
    expect(after).toEqual([{ id: 5 }]);
    expect(await idsOf()).toEqual([1, 2, 5]);
  });

  it('counts BEGIN, each statement and COMMIT', async () => {
    const before = database.statements();
    await inOneTransaction(database.db, [
      { statement: insert, values: { id: 6, note: 'six' } },
      { statement: count, values: {} },
    ]);
    expect(database.statements() - before).toBe(4);
  });
});
