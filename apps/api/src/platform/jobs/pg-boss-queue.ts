import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { describeError } from '../log-safe';
import type { FailedJob, JobData, JobHandler, JobQueue, QueueOptions, SendOptions } from './job-queue';
import { assertCron, keyedJobId, periodStart } from './periods';

const SCHEMA = 'pgboss';
/**
 * Finished jobs stay in the job table this long before maintenance archives them. A keyed job is unique only
 * while it is in that table, so a schedule's period is queued only within this time of its start.
 */
const ARCHIVE_COMPLETED_AFTER_SECONDS = 12 * 60 * 60;
/** Dead jobs stay listed this long in the job table, then as long again in the archive. */
const ARCHIVE_FAILED_AFTER_SECONDS = 14 * 24 * 60 * 60;
const DELETE_ARCHIVED_AFTER_DAYS = 14;
/** Connections of pg-boss's own pool on a PostgreSQL server: polls, claims and completions are short. */
const POOL_SIZE = 4;
/** Handlers may send jobs, which runDue() runs in a next round; bounded, so a job that sends itself cannot spin. */
const RUN_DUE_ROUNDS = 50;

const DEFAULTS: Required<QueueOptions> = {
  retryLimit: 3,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  concurrency: 1,
};

export type PgBossQueueOptions = {
  database: Pick<Database, 'kind' | 'url' | 'executeSql'>;
  log: FastifyBaseLogger;
  /** The clock schedules' periods are read from (the app's clock, so tests can move it). */
  now: () => Date;
  /** Poll for due jobs: servers do; tests leave it off and call runDue(). */
  poll: boolean;
  /** Between polls when idle; a job sent by this process wakes its poller at once. */
  pollIntervalMs?: number;
  /** How long stop() waits for running jobs. */
  stopTimeoutMs?: number;
};

type Registered = { handler: JobHandler; options: Required<QueueOptions> };
type Schedule = { cron: string; data: JobData; queuedPeriod?: number };

/** The job queue on pg-boss 10, on the portal's own database: a PostgreSQL server or the embedded PGlite. */
export function createPgBossQueue(opts: PgBossQueueOptions): JobQueue {
  const { database, log } = opts;
  const pollIntervalMs = opts.pollIntervalMs ?? 2_000;
  const handlers = new Map<string, Registered>();
  const schedules = new Map<string, Schedule>();
  const queuesReady = new Map<string, Promise<void>>();
  const draining = new Map<string, Promise<number>>();
  const running = new Set<Promise<unknown>>();
  let boss: PgBoss | undefined;
  let opening: Promise<PgBoss> | undefined;
  let starting: Promise<void> | undefined;
  let startRequested = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let tickAgain = false;

  function track<T>(promise: Promise<T>): Promise<T> {
    running.add(promise);
    void promise.finally(() => running.delete(promise)).catch(() => undefined);
    return promise;
  }

  async function open(): Promise<PgBoss> {
    const { default: PgBossClass } = await import('pg-boss');
    const common = {
      schema: SCHEMA,
      migrate: true,
      // Schedules are queued by this module (see enqueuePeriods), so pg-boss's own cron timers stay off.
      schedule: false,
      // Maintenance (expiring jobs whose server died, archiving, deleting) only where jobs are polled: tests
      // drive the queue themselves and must not have timers running.
      supervise: opts.poll,
      archiveCompletedAfterSeconds: ARCHIVE_COMPLETED_AFTER_SECONDS,
      archiveFailedAfterSeconds: ARCHIVE_FAILED_AFTER_SECONDS,
      deleteAfterDays: DELETE_ARCHIVED_AFTER_DAYS,
    };
    let instance: PgBoss;
    if (database.kind === 'postgres') {
      if (!database.url) throw new Error('the job queue needs the PostgreSQL server URL');
      instance = new PgBossClass({
        ...common,
        connectionString: database.url,
        max: POOL_SIZE,
        application_name: 'portal-jobs',
      });
    } else {
      const executeSql = database.executeSql;
      if (!executeSql) throw new Error('the job queue needs the embedded database connection');
      instance = new PgBossClass({
        ...common,
        db: { executeSql: (text, values) => executeSql(text, values) },
      });
    }
    instance.on('error', (error) => log.error({ err: describeError(error) }, 'job queue error'));
    await instance.start();
    return instance;
  }

  /**
   * Makes a queue (a partition of pg-boss's job table) or brings its settings up to date. Queues are made one
   * at a time, and a deadlock with another instance making one at the same moment is retried: making a
   * partition locks the queue table, and two at once deadlock on PostgreSQL.
   */
  function ensureQueue(queue: string): Promise<void> {
    let ready = queuesReady.get(queue);
    if (!ready) {
      const { options } = handlers.get(queue)!;
      const settings = {
        name: queue,
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: options.retryBackoff,
        expireInSeconds: options.expireInSeconds,
      };
      ready = (async () => {
        const b = await started();
        for (let attempt = 1; ; attempt++) {
          try {
            if (!(await b.getQueue(queue))) await b.createQueue(queue, settings);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== '40P01' || attempt === 5) throw error;
          }
        }
        // createQueue leaves an existing queue as it is: settings changed since are applied here.
        await b.updateQueue(queue, settings);
      })();
      void ready.catch(() => queuesReady.delete(queue));
      queuesReady.set(queue, ready);
    }
    return ready;
  }

  /**
   * pg-boss, opened (its schema made or migrated) on first need; the queues themselves are made by
   * ensureQueue. Making the schema costs 100-150 ms on a fresh embedded database, which a test file that
   * never uses the queue does not pay.
   */
  function started(): Promise<PgBoss> {
    if (!startRequested) return Promise.reject(new Error('the job queue has not been started'));
    if (stopping) return Promise.reject(new Error('the job queue has stopped'));
    opening ??= open().then((b) => {
      boss = b;
      return b;
    });
    return opening;
  }

  async function send(queue: string, data: JobData, o: SendOptions = {}): Promise<string | null> {
    if (!handlers.has(queue)) throw new Error(`no job queue named ${queue} is registered`);
    const b = await started();
    await ensureQueue(queue);
    const id = await b.send(queue, data, {
      ...(o.singletonKey ? { id: keyedJobId(queue, o.singletonKey), singletonKey: o.singletonKey } : {}),
      ...(o.startAfter !== undefined ? { startAfter: o.startAfter } : {}),
      ...(o.retryLimit !== undefined ? { retryLimit: o.retryLimit } : {}),
      ...(o.retryDelaySeconds !== undefined ? { retryDelay: o.retryDelaySeconds } : {}),
      ...(o.retryBackoff !== undefined ? { retryBackoff: o.retryBackoff } : {}),
    });
    if (id && o.startAfter === undefined) kick();
    return id;
  }

  async function sendAll(
    queue: string,
    jobs: { data: JobData; options?: SendOptions & { startAfter?: Date } }[],
  ): Promise<void> {
    if (!handlers.has(queue)) throw new Error(`no job queue named ${queue} is registered`);
    if (jobs.length === 0) return;
    const b = await started();
    await ensureQueue(queue);
    await b.insert(
      jobs.map(({ data, options: o = {} }) => ({
        name: queue,
        data,
        ...(o.singletonKey ? { id: keyedJobId(queue, o.singletonKey), singletonKey: o.singletonKey } : {}),
        ...(o.startAfter !== undefined ? { startAfter: o.startAfter } : {}),
        ...(o.retryLimit !== undefined ? { retryLimit: o.retryLimit } : {}),
        ...(o.retryDelaySeconds !== undefined ? { retryDelay: o.retryDelaySeconds } : {}),
        ...(o.retryBackoff !== undefined ? { retryBackoff: o.retryBackoff } : {}),
      })),
    );
    if (jobs.some((j) => j.options?.startAfter === undefined)) kick();
  }

  /**
   * Queues the current period of each schedule under a key made of its start: every instance computes the
   * same job id for it, and the job table's primary key keeps the first one, so a period runs once however
   * many instances (or restarts) queue it. Skew between the instances' clocks can move a run by the skew,
   * never add one.
   */
  async function enqueuePeriods(only?: string[]): Promise<void> {
    const at = opts.now();
    for (const [queue, s] of schedules) {
      if (only && !only.includes(queue)) continue;
      const start = periodStart(s.cron, at);
      if (s.queuedPeriod === start.getTime()) continue;
      if (at.getTime() - start.getTime() >= ARCHIVE_COMPLETED_AFTER_SECONDS * 1000) continue;
      await send(queue, s.data, { singletonKey: `period:${start.toISOString()}` });
      s.queuedPeriod = start.getTime();
    }
  }

  async function settle(what: string, queue: string, id: string, save: () => Promise<unknown>) {
    try {
      await save();
    } catch (error) {
      // The job stays active; once it expires maintenance hands it out again.
      log.error({ queue, job: id, err: describeError(error) }, `job ${what} could not be saved`);
    }
  }

  async function runJob(b: PgBoss, queue: string, job: PgBoss.JobWithMetadata<JobData>): Promise<void> {
    const { handler } = handlers.get(queue)!;
    try {
      await handler(job.data ?? {}, { id: job.id, queue, retryCount: job.retryCount });
    } catch (error) {
      // Only the reduced description is logged and stored: the raw error can carry SQL parameters.
      const err = describeError(error);
      const dead = job.retryCount >= job.retryLimit;
      log[dead ? 'error' : 'warn'](
        { queue, job: job.id, attempt: job.retryCount + 1, err },
        dead ? 'job failed after its last retry' : 'job failed; it will be retried',
      );
      await settle('failure', queue, job.id, () => b.fail(queue, job.id, err));
      return;
    }
    await settle('completion', queue, job.id, () => b.complete(queue, job.id));
  }

  /**
   * Claims due jobs of one queue and runs them until none is left. pg-boss claims with one UPDATE over
   * `SELECT ... FOR UPDATE SKIP LOCKED`, which marks them active: another instance's claim skips them.
   */
  async function drain(queue: string): Promise<number> {
    const b = await started();
    await ensureQueue(queue);
    const { concurrency } = handlers.get(queue)!.options;
    let ran = 0;
    while (!stopping) {
      const jobs = await b.fetch<JobData>(queue, { batchSize: concurrency, includeMetadata: true });
      if (jobs.length === 0) break;
      await Promise.all(jobs.map((job) => runJob(b, queue, job)));
      ran += jobs.length;
    }
    return ran;
  }

  async function dueQueues(): Promise<string[]> {
    const b = await started();
    const { rows } = await b.getDb().executeSql(
      `SELECT q.name FROM unnest($1::text[]) AS q(name) WHERE EXISTS (SELECT 1 FROM ${SCHEMA}.job j
          WHERE j.name = q.name AND j.state < 'active' AND j.start_after < now())`,
      [[...handlers.keys()]],
    );
    return (rows as { name: string }[]).map((r) => r.name);
  }

  async function tick(): Promise<void> {
    await enqueuePeriods();
    for (const queue of await dueQueues()) {
      if (draining.has(queue)) continue;
      const run = track(drain(queue))
        .catch((error: unknown) => {
          log.error({ queue, err: describeError(error) }, 'running jobs failed');
          return 0;
        })
        .finally(() => draining.delete(queue));
      draining.set(queue, run);
      // A queue drained to the end may have received jobs meanwhile from other instances.
      void run.then((ran) => {
        if (ran > 0) kick();
      });
    }
  }

  function loop(): void {
    if (stopping) return;
    if (ticking) {
      tickAgain = true;
      return;
    }
    ticking = track(
      tick().catch((error: unknown) => log.error({ err: describeError(error) }, 'polling for jobs failed')),
    ).finally(() => {
      ticking = undefined;
      if (stopping) return;
      if (tickAgain) {
        tickAgain = false;
        loop();
        return;
      }
      timer = setTimeout(() => {
        timer = undefined;
        loop();
      }, pollIntervalMs);
      timer.unref();
    });
  }

  /** A job sent here is due now: poll at once rather than at the next interval. */
  function kick(): void {
    if (!opts.poll || stopping || !boss) return;
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
      loop();
    } else {
      tickAgain = true;
    }
  }

  return {
    register(queue, handler, options = {}) {
      if (handlers.has(queue)) throw new Error(`job queue ${queue} is registered twice`);
      handlers.set(queue, { handler: handler as JobHandler, options: { ...DEFAULTS, ...options } });
      if (boss) void ensureQueue(queue).catch(() => undefined);
    },

    send,
    sendAll,

    schedule(queue, cron, data = {}) {
      if (!handlers.has(queue)) throw new Error(`no job queue named ${queue} is registered`);
      assertCron(cron);
      schedules.set(queue, { cron, data });
    },

    start() {
      if (!starting) {
        startRequested = true;
        // Without polling (tests) nothing runs on its own, so pg-boss opens when the queue is first used.
        starting = opts.poll
          ? (async () => {
              await started();
              // In one order on every instance, so two starting together lock the queues in the same order.
              for (const queue of [...handlers.keys()].sort()) await ensureQueue(queue);
              loop();
            })()
          : Promise.resolve();
      }
      return starting;
    },

    async stop() {
      if (stopping) return;
      stopping = true;
      if (timer) clearTimeout(timer);
      await starting?.catch(() => undefined);
      await opening?.catch(() => undefined);
      let timeout: NodeJS.Timeout | undefined;
      const waited = await Promise.race([
        Promise.allSettled([...running]).then(() => true),
        new Promise<boolean>((resolve) => {
          timeout = setTimeout(() => resolve(false), opts.stopTimeoutMs ?? 5_000);
        }),
      ]);
      clearTimeout(timeout);
      // Jobs still running are left active: maintenance retries them once they expire.
      if (!waited) log.warn({ running: running.size }, 'job queue stopped with jobs still running');
      await boss?.stop({ graceful: false, close: true, wait: true });
    },

    async failed(filter = {}) {
      const b = await started();
      const columns = 'id, name, data, retry_count, output, created_on, completed_on';
      const at = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
      const { rows } = await b.getDb().executeSql(
        `SELECT id::text AS id, name AS queue, data, retry_count AS "retryCount", output AS error,
           ${at('created_on')} AS "createdAt", ${at('completed_on')} AS "failedAt"
         FROM (SELECT ${columns} FROM ${SCHEMA}.job WHERE state = 'failed'
               UNION ALL SELECT ${columns} FROM ${SCHEMA}.archive WHERE state = 'failed') dead
         WHERE ($1::text IS NULL OR data->>'organizationId' = $1) AND ($2::text IS NULL OR name = $2)
         ORDER BY completed_on DESC, id LIMIT $3`,
        [filter.organizationId ?? null, filter.queue ?? null, Math.min(filter.limit ?? 100, 1000)],
      );
      return rows as FailedJob[];
    },

    runDue(options = {}) {
      return track(
        (async () => {
          const queues = (options.queues ?? [...handlers.keys()]).filter((q) => handlers.has(q));
          let total = 0;
          for (let round = 0; round < RUN_DUE_ROUNDS; round++) {
            await enqueuePeriods(queues);
            const ran = (await Promise.all(queues.map(drain))).reduce((sum, n) => sum + n, 0);
            if (ran === 0) break;
            total += ran;
          }
          return total;
        })(),
      );
    },
  };
}
