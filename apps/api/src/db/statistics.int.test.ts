import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, rows, signupPatient, type TestApp } from '../test/harness';
import { createStatisticsJob, STATISTICS_QUEUE } from './statistics';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const estimate = async () =>
  Number(
    (
      await rows<{ n: number }>(
        t.database,
        sql`select reltuples::int as n from pg_class where relname = 'notifications'`,
      )
    )[0]!.n,
  );

describe('planner statistics', () => {
  it('are refreshed so the planner knows how many notifications there are', async () => {
    const org = (await rows<{ id: string }>(t.database, sql`select id from organizations limit 1`))[0]!.id;
    const patient = await signupPatient(t.app, org);
    await t.database.db.execute(sql`
      insert into notifications (id, user_id, organization_id, category, message)
      select lpad(to_hex(g), 24, '0'), ${patient.id}, ${org}, 'order', 'n' from generate_series(1, 3000) g`);
    const job = createStatisticsJob(t.database);
    await job.refresh();
    expect(await estimate()).toBeGreaterThanOrEqual(3000);
    // with them, a page is one walk of the patient's index, not a sort of all their notifications
    const plan = (
      await rows<{ 'QUERY PLAN': string }>(
        t.database,
        sql`explain select id from notifications where user_id = ${patient.id}
            and (created_at, id) < (now(), ${'8'.repeat(24)}) order by created_at desc, id desc limit 11`,
      )
    )
      .map((r) => Object.values(r)[0])
      .join('\n');
    expect(plan).toMatch(/Index (Only )?Scan using notifications_user_id_created_at_id_idx/);
    expect(plan).not.toMatch(/Sort/);
  });

  it('are refreshed by the job queue once a period on the embedded database, left to the server on PostgreSQL', async () => {
    const run = () => t.app.ctx.jobs.runDue({ queues: [STATISTICS_QUEUE] });
    if (t.database.kind === 'postgres') {
      expect(await run()).toBe(0);
      return;
    }
    expect(await run()).toBe(1);
    // The period has had its run.
    expect(await run()).toBe(0);
  });
});
