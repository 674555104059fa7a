import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, rows, type TestApp } from '../../test/harness';

/**
 * physicians.weekly_hours, which the calendar reads, is kept by a trigger on physician_availability
 * (migration 0028): whatever writes the rows (the clinic's hours screen, the seed, an operator's SQL), the
 * column equals the physician's rows in weekday and start order.
 */
let t: TestApp;
let first: string;
let second: string;

beforeAll(async () => {
  t = await createTestApp();
  const two = await rows<{ id: string }>(t.database, sql`select id from physicians order by id limit 2`);
  [first, second] = [two[0]!.id, two[1]!.id];
  await t.database.db.execute(
    sql`delete from physician_availability where physician_id in (${first}, ${second})`,
  );
}, 60_000);
afterAll(() => t?.close());

type Hours = { weekday: number; start: string; end: string; timeZone: string }[];
const kept = async (id: string) =>
  (
    await rows<{ hours: Hours }>(
      t.database,
      sql`select weekly_hours as hours from physicians where id = ${id}`,
    )
  )[0]!.hours;
const add = (id: string, physician: string, weekday: number, start: string, end: string) =>
  t.database.db.execute(sql`insert into physician_availability (id, physician_id, weekday, start_time, end_time, time_zone)
    values (${id}, ${physician}, ${weekday}, ${start}, ${end}, 'America/Chicago')`);

describe('the weekly hours kept with each physician', () => {
  it('follows every insert, update, move and delete of the rows, in weekday and start order', async () => {
    expect(await kept(first)).toEqual([]);
    await add('a00000000000000000000001', first, 3, '13:00', '17:00');
    await add('a00000000000000000000002', first, 1, '09:00', '12:00');
    await add('a00000000000000000000003', first, 3, '08:00', '12:00');
    expect(await kept(first)).toEqual([
      { weekday: 1, start: '09:00:00', end: '12:00:00', timeZone: 'America/Chicago' },
      { weekday: 3, start: '08:00:00', end: '12:00:00', timeZone: 'America/Chicago' },
      { weekday: 3, start: '13:00:00', end: '17:00:00', timeZone: 'America/Chicago' },
    ]);

    await t.database.db.execute(
      sql`update physician_availability set end_time = '18:30' where id = 'a00000000000000000000001'`,
    );
    expect((await kept(first)).at(-1)).toMatchObject({ weekday: 3, start: '13:00:00', end: '18:30:00' });

    // a row moved to another physician leaves the first and joins the second
    await t.database.db.execute(
      sql`update physician_availability set physician_id = ${second} where id = 'a00000000000000000000002'`,
    );
    expect((await kept(first)).map((h) => h.weekday)).toEqual([3, 3]);
    expect(await kept(second)).toEqual([
      { weekday: 1, start: '09:00:00', end: '12:00:00', timeZone: 'America/Chicago' },
    ]);

    await t.database.db.execute(sql`delete from physician_availability where physician_id = ${first}`);
    expect(await kept(first)).toEqual([]);
    expect(await kept(second)).toHaveLength(1);
  });

  it('matches the rows for every seeded physician', async () => {
    const mismatched = await rows<{ id: string }>(
      t.database,
      sql`select id from physicians where weekly_hours <> physician_weekly_hours_of(id)`,
    );
    expect(mismatched).toEqual([]);
  });
});
