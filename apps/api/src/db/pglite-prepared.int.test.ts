import * as pglite from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPreparedStatements } from './pglite-prepared';

const { PGlite } = pglite;

describe('prepared statements on the embedded database', () => {
  let db: InstanceType<typeof PGlite>;
  beforeAll(async () => {
    db = await PGlite.create('memory://');
    await db.exec(`create table t (
      id int primary key, name text, done boolean, at timestamptz, doc jsonb, amount numeric, tags text[])`);
  });
  afterAll(() => db.close());

  const row = [
    1,
    'Ann',
    true,
    '2026-11-24T10:00:00.000Z',
    JSON.stringify({ a: [1, 2] }),
    '12.50',
    ['x', 'y'],
  ];
  const insert = 'insert into t (id, name, done, at, doc, amount, tags) values ($1, $2, $3, $4, $5, $6, $7)';

  it('returns what PGlite query returns, in both row modes, nulls and every type included', async () => {
    const prepared = createPreparedStatements(db, pglite);
    const done = await prepared.query(insert, row);
    expect(done?.affectedRows).toBe(1);
    await db.query(insert, [2, null, null, null, null, null, null]);
    const text = 'select id, name, done, at, doc, amount, tags from t where id = any($1) order by id';
    for (const rowMode of ['array', 'object', undefined] as const) {
      const expected = await db.query(text, [[1, 2]], rowMode ? { rowMode } : undefined);
      const got = await prepared.query(text, [[1, 2]], rowMode);
      expect(got?.rows).toEqual(expected.rows);
      expect(got?.fields).toEqual(expected.fields);
    }
    // the second and later runs reuse the statement
    expect(prepared.size()).toBe(2);
  });

  it('keeps the database error and its code, and the statement stays usable', async () => {
    const prepared = createPreparedStatements(db, pglite);
    const error = await prepared.query(insert, row).catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe('23505');
    expect((error as { query?: string }).query).toBe(insert);
    const again = await prepared.query('select name from t where id = $1', [1], 'array');
    expect(again?.rows).toEqual([['Ann']]);
  });

  it('runs inside a transaction, and a rollback undoes its writes', async () => {
    const prepared = createPreparedStatements(db, pglite);
    await db
      .transaction(async () => {
        await prepared.queryInTransaction(insert, [3, 'Bo', false, null, null, null, null]);
        const inside = await prepared.queryInTransaction('select count(*)::int as n from t', [], 'array');
        expect(inside?.rows).toEqual([[3]]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const after = await prepared.query('select count(*)::int as n from t', [], 'array');
    expect(after?.rows).toEqual([[2]]);
  });

  it('prepares again when a table changes under a statement whose result it shaped', async () => {
    const prepared = createPreparedStatements(db, pglite);
    const text = 'select * from t where id = $1';
    expect((await prepared.query(text, [1], 'object'))?.rows[0]).not.toHaveProperty('extra');
    await db.exec(`alter table t add column extra text default 'e'`);
    expect((await prepared.query(text, [1], 'object'))?.rows[0]).toMatchObject({ extra: 'e' });
  });

  it('keeps at most its limit of statements, closing the least recently used', async () => {
    const count = async () =>
      (await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]?.n ??
      0;
    const before = await count();
    const prepared = createPreparedStatements(db, pglite, { max: 3 });
    for (let i = 0; i < 10; i++) await prepared.query(`select ${i} as n`, [], 'array');
    expect(prepared.size()).toBe(3);
    // an evicted statement is closed with the next one prepared: three kept, the last evicted still pending
    expect(await count()).toBe(before + 4);
    expect((await prepared.query('select 9 as n', [], 'array'))?.rows).toEqual([[9]]);
  });

  it('handles data statements only', () => {
    const prepared = createPreparedStatements(db, pglite);
    expect(prepared.handles(' SELECT 1')).toBe(true);
    expect(prepared.handles('with x as (select 1) select * from x')).toBe(true);
    expect(prepared.handles('update t set name = $1')).toBe(true);
    expect(prepared.handles('create table y (id int)')).toBe(false);
    expect(prepared.handles('BEGIN')).toBe(false);
  });
});
