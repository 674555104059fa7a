import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { createTestApp, rows, type TestApp } from '../../test/harness';
import { openTestDatabase } from '../../test/test-db';
import type { JobData, JobQueue } from './job-queue';

const ORG = 'a1'.repeat(12);
const OTHER_ORG = 'b2'.repeat(12);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Checks a condition until it holds or the deadline passes: for workers that run on their own. */
async function until(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not reached before the deadline');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

type JobRow = { state: string; retry_count: number; wait: number };
const jobRow = async (database: Database, id: string) =>
  (
    await rows<JobRow>(
      database,
      sql`select state::text as state, retry_count,
            extract(epoch from start_after - now())::float8 as wait from pgboss.job where id = ${id}::uuid`,
    )
  )[0];
/** Stands for the wait before a retry having passed, instead of sleeping through it. */
const makeDue = (database: Database, id: string) =>
  database.db.execute(
    sql`update pgboss.job set start_after = now() - interval '1 second' where id = ${id}::uuid`,
  );

describe('one server', () => {
  let t: TestApp;
  let jobs: JobQueue;
  beforeAll(async () => {
    t = await createTestApp();
    jobs = t.app.ctx.jobs;
  });
  afterAll(() => t.close());

  it('runs a job sent once, and only once', async () => {
    const seen: JobData[] = [];
    jobs.register('test-once', async (data) => {
      seen.push(data);
    });
    const id = await jobs.send('test-once', { organizationId: ORG, visit: 'c3'.repeat(12) });
    expect(id).toMatch(UUID);
    expect(await jobs.runDue({ queues: ['test-once'] })).toBe(1);
    expect(await jobs.runDue({ queues: ['test-once'] })).toBe(0);
    expect(seen).toEqual([{ organizationId: ORG, visit: 'c3'.repeat(12) }]);
    expect((await jobRow(t.database, id!))?.state).toBe('completed');
  });

  it('adds nothing for a singletonKey it already has, before and after the job ran', async () => {
    let runs = 0;
    jobs.register('test-keyed', async () => {
      runs++;
    });
    const first = await jobs.send('test-keyed', {}, { singletonKey: 'order-1' });
    expect(first).toMatch(UUID);
    expect(await jobs.send('test-keyed', {}, { singletonKey: 'order-1' })).toBeNull();
    expect(await jobs.runDue({ queues: ['test-keyed'] })).toBe(1);
    expect(await jobs.send('test-keyed', {}, { singletonKey: 'order-1' })).toBeNull();
    expect(await jobs.send('test-keyed', {}, { singletonKey: 'order-2' })).toMatch(UUID);
    expect(await jobs.runDue({ queues: ['test-keyed'] })).toBe(1);
    expect(runs).toBe(2);
  });

  it('adds several jobs in one go, each once, a kept key adding nothing and a later start waiting', async () => {
    const seen: JobData[] = [];
    jobs.register('test-batch', async (data) => {
      seen.push(data);
    });
    await jobs.send('test-batch', { n: 0 }, { singletonKey: 'kept' });
    await jobs.sendAll('test-batch', [
      { data: { n: 1 }, options: { singletonKey: 'one' } },
      { data: { n: 2 }, options: { singletonKey: 'kept' } },
      { data: { n: 3 }, options: { singletonKey: 'later', startAfter: new Date(Date.now() + 3_600_000) } },
      { data: { n: 4 } },
    ]);
    expect(await jobs.runDue({ queues: ['test-batch'] })).toBe(3);
    expect(seen.map((d) => d.n).sort()).toEqual([0, 1, 4]);
    const [later] = await rows<{ wait: number }>(
      t.database,
      sql`select extract(epoch from start_after - now())::float8 as wait from pgboss.job
          where name = 'test-batch' and singleton_key = 'later'`,
    );
    expect(later!.wait).toBeGreaterThan(3_000);
    // sending a kept key again in a batch adds nothing
    await jobs.sendAll('test-batch', [{ data: { n: 5 }, options: { singletonKey: 'one' } }]);
    expect(await jobs.runDue({ queues: ['test-batch'] })).toBe(0);
  });

  it('does not run a job before its startAfter', async () => {
    let runs = 0;
    jobs.register('test-later', async () => {
      runs++;
    });
    const id = (await jobs.send('test-later', {}, { startAfter: 3600 }))!;
    expect(await jobs.runDue({ queues: ['test-later'] })).toBe(0);
    await makeDue(t.database, id);
    expect(await jobs.runDue({ queues: ['test-later'] })).toBe(1);
    expect(runs).toBe(1);
  });

  it('retries a failing job with growing delays, then keeps it dead and listable for its clinic', async () => {
    let attempts = 0;
    jobs.register(
      'test-fail',
      async () => {
        attempts++;
        // What a failed query says: the statement with its parameters, which must reach neither logs nor the list.
        throw new Error('Failed query: select id from users where email = $1\nparams: dana@example.com');
      },
      { retryLimit: 2, retryDelaySeconds: 10, retryBackoff: true },
    );
    const id = (await jobs.send('test-fail', { organizationId: ORG }))!;

    expect(await jobs.runDue({ queues: ['test-fail'] })).toBe(1);
    const first = (await jobRow(t.database, id))!;
    expect(first).toMatchObject({ state: 'retry', retry_count: 0 });
    // Backoff: the first retry waits 1-2 times the delay (jitter), the second 2-4 times.
    expect(first.wait).toBeGreaterThan(9);
    expect(first.wait).toBeLessThanOrEqual(20.5);
    expect(await jobs.runDue({ queues: ['test-fail'] })).toBe(0);

    await makeDue(t.database, id);
    expect(await jobs.runDue({ queues: ['test-fail'] })).toBe(1);
    const second = (await jobRow(t.database, id))!;
    expect(second).toMatchObject({ state: 'retry', retry_count: 1 });
    expect(second.wait).toBeGreaterThan(19);
    expect(second.wait).toBeLessThanOrEqual(40.5);

    await makeDue(t.database, id);
    expect(await jobs.runDue({ queues: ['test-fail'] })).toBe(1);
    expect(await jobRow(t.database, id)).toMatchObject({ state: 'failed', retry_count: 2 });
    await makeDue(t.database, id);
    expect(await jobs.runDue({ queues: ['test-fail'] })).toBe(0);
    expect(attempts).toBe(3);

    const dead = await jobs.failed({ organizationId: ORG });
    expect(dead).toEqual([
      {
        id,
        queue: 'test-fail',
        data: { organizationId: ORG },
        retryCount: 2,
        error: { type: 'DatabaseError', message: 'database query failed' },
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        failedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
    ]);
    expect(JSON.stringify(dead)).not.toContain('dana@example.com');
    expect(await jobs.failed({ organizationId: OTHER_ORG })).toEqual([]);
    expect(await jobs.failed({ queue: 'test-once' })).toEqual([]);
  });
});

describe('a restart', () => {
  it('keeps a job sent before it: the next server on the same database runs it', async () => {
    // On the server, a fresh test database; on the embedded database, one in a folder, as `npm start` keeps it.
    const folder = process.env.DATABASE_URL ? undefined : mkdtempSync(path.join(tmpdir(), 'portal-jobs-'));
    const owner = folder ? undefined : await openTestDatabase();
    const open = async () => {
      if (owner) return openDatabase({ url: owner.url!, dataDir: 'unused' });
      const database = await openDatabase({ dataDir: folder! });
      await database.migrate();
      return database;
    };
    try {
      const firstDatabase = await open();
      const first = await createTestApp({}, { database: firstDatabase });
      first.app.ctx.jobs.register('test-restart', async () => {
        throw new Error('the first server never runs it');
      });
      const id = await first.app.ctx.jobs.send('test-restart', { organizationId: ORG });
      await first.close();
      await firstDatabase.close();

      const secondDatabase = await open();
      const second = await createTestApp({}, { database: secondDatabase });
      const ran: string[] = [];
      second.app.ctx.jobs.register('test-restart', async (_data, job) => {
        ran.push(job.id);
      });
      expect(await second.app.ctx.jobs.runDue({ queues: ['test-restart'] })).toBe(1);
      expect(ran).toEqual([id]);
      await second.close();
      await secondDatabase.close();
    } finally {
      await owner?.close();
      if (folder) rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('two server instances on one database', () => {
  let a: TestApp;
  let b: TestApp;
  /** b's own connection pool on a PostgreSQL server; on the embedded database b shares a's one connection. */
  let bDatabase: Database | undefined;
  let clock = new Date('2026-06-10T12:03:00.000Z');
  const now = () => clock;

  const recorder = (instance: string, database: Database) => async (_data: JobData, job: { id: string }) => {
    await database.db.execute(
      sql`insert into test_job_runs (job_id, instance) values (${job.id}, ${instance})`,
    );
  };
  const runsOf = (ids: string[]) =>
    rows<{ job_id: string; runs: number }>(
      a.database,
      sql`select job_id, count(*)::int as runs from test_job_runs
          where job_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) group by job_id`,
    );

  beforeAll(async () => {
    a = await createTestApp({}, { now });
    bDatabase =
      a.database.kind === 'postgres'
        ? await openDatabase({ url: a.database.url!, dataDir: 'unused' })
        : undefined;
    b = await createTestApp({}, { database: bDatabase ?? a.database, now });
    await a.database.db.execute(
      sql`create table test_job_runs (job_id text not null, instance text not null)`,
    );
  });
  afterAll(async () => {
    await b.close();
    await bDatabase?.close();
    await a.close();
  });

  it('run each of 50 jobs exactly once when both run due jobs at the same moment', async () => {
    a.app.ctx.jobs.register('test-race', recorder('a', a.database), { concurrency: 5 });
    b.app.ctx.jobs.register('test-race', recorder('b', bDatabase ?? a.database), { concurrency: 5 });
    const ids = await Promise.all(
      Array.from({ length: 50 }, (_, n) => (n % 2 ? a : b).app.ctx.jobs.send('test-race', { n })),
    );
    const [byA, byB] = await Promise.all([
      a.app.ctx.jobs.runDue({ queues: ['test-race'] }),
      b.app.ctx.jobs.runDue({ queues: ['test-race'] }),
    ]);
    expect(byA + byB).toBe(50);
    const runs = await runsOf(ids as string[]);
    expect(runs).toHaveLength(50);
    expect(runs.every((r) => r.runs === 1)).toBe(true);
  });

  it('run a recurring job once per period between them', async () => {
    const ids: string[] = [];
    for (const [instance, app, database] of [
      ['a', a, a.database],
      ['b', b, bDatabase ?? a.database],
    ] as const) {
      const record = recorder(instance, database);
      app.app.ctx.jobs.register('test-every-15-minutes', async (data, job) => {
        ids.push(job.id);
        await record(data, job);
      });
      app.app.ctx.jobs.schedule('test-every-15-minutes', '*/15 * * * *');
    }
    const both = async () => {
      const ran = await Promise.all(
        [a, b].map((x) => x.app.ctx.jobs.runDue({ queues: ['test-every-15-minutes'] })),
      );
      return ran[0]! + ran[1]!;
    };
    expect(await both()).toBe(1);
    clock = new Date('2026-06-10T12:14:59.999Z');
    expect(await both()).toBe(0);
    clock = new Date('2026-06-10T12:15:00.000Z');
    expect(await both()).toBe(1);
    expect(await both()).toBe(0);
    const runs = await runsOf(ids);
    expect(runs).toHaveLength(2);
    expect(runs.every((r) => r.runs === 1)).toBe(true);
  });

  it('run each of 50 jobs exactly once when both poll', async () => {
    // Two more instances that poll, as servers do: the queue runs on its own, and the test waits for the result.
    const pollers = [
      await createTestApp({}, { database: a.database, now, jobs: { poll: true, pollIntervalMs: 50 } }),
      await createTestApp(
        {},
        { database: bDatabase ?? a.database, now, jobs: { poll: true, pollIntervalMs: 50 } },
      ),
    ];
    try {
      pollers.forEach((p, n) => {
        p.app.ctx.jobs.register('test-poll', recorder(`poller-${n}`, p.database), { concurrency: 3 });
      });
      const ids = (await Promise.all(
        Array.from({ length: 50 }, (_, n) => pollers[n % 2]!.app.ctx.jobs.send('test-poll', { n })),
      )) as string[];
      const completed = async () =>
        (
          await rows<{ n: number }>(
            a.database,
            sql`select count(*)::int as n from pgboss.job where name = 'test-poll' and state = 'completed'`,
          )
        )[0]!.n;
      await until(async () => (await completed()) === 50);
      // Every job is completed, so none can run again: the count of runs is final.
      const runs = await runsOf(ids);
      expect(runs).toHaveLength(50);
      expect(runs.every((r) => r.runs === 1)).toBe(true);
    } finally {
      for (const p of pollers) await p.close();
    }
  });
});
