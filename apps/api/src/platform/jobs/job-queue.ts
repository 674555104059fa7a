/**
 * Work that runs later, once, on the portal's own database: reminders, e-mails, charges and their retries,
 * webhooks, renewals. Jobs live in the database, so they survive restarts, and any number of server
 * instances share them; each job is handed to one worker at a time.
 *
 * Job data is stored in the database and shown to the clinic's admin when a job fails: ids only, never
 * secrets or health data. A job done for a clinic carries its `organizationId`, which is how `failed()`
 * finds the clinic's failures.
 */
export type JobData = Record<string, unknown>;

export type JobInfo = { id: string; queue: string /** 0 on the first attempt. */; retryCount: number };

/** Does the work; throwing fails this attempt, to be retried (with backoff) until the retry limit. */
export type JobHandler<T extends JobData = JobData> = (data: T, job: JobInfo) => Promise<void>;

export type RetryOptions = {
  /** Attempts after the first before the job is dead (kept, state failed, listed by `failed()`). */
  retryLimit?: number;
  /** Seconds before a retry; with backoff, the first retry's, doubled (with jitter) for each one after. */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
};

export type QueueOptions = RetryOptions & {
  /** A running job not finished after this long is taken for lost (its server died) and retried. */
  expireInSeconds?: number;
  /** Jobs of this queue one server runs at the same time. */
  concurrency?: number;
};

export type SendOptions = RetryOptions & {
  /**
   * At most one job per key and queue: sending again with a key whose job is still kept (waiting, running,
   * done or dead, until it is archived 12 hours after it ended) adds nothing and answers null. Use it to make
   * a send idempotent (one charge per order, one job per webhook event).
   */
  singletonKey?: string;
  /** Not before this instant (judged by the database's clock), or this many seconds from now. */
  startAfter?: Date | number;
};

export type FailedJob = {
  id: string;
  queue: string;
  data: JobData;
  /** Attempts made after the first. */
  retryCount: number;
  /** What the last attempt failed with, reduced to what may be shown (see describeError). */
  error: { type?: string; code?: string; message?: string } | null;
  createdAt: string;
  failedAt: string;
};

export interface JobQueue {
  /** Declares what a queue's jobs do; every server instance registers the same queues before it starts. */
  register<T extends JobData>(queue: string, handler: JobHandler<T>, options?: QueueOptions): void;
  /** Adds a job; answers its id, or null when singletonKey found one already. */
  send(queue: string, data: JobData, options?: SendOptions): Promise<string | null>;
  /**
   * Adds several jobs of one queue in one statement (as send does each; a start is an instant here). A job
   * whose singletonKey finds one kept adds nothing.
   */
  sendAll(
    queue: string,
    jobs: { data: JobData; options?: SendOptions & { startAfter?: Date } }[],
  ): Promise<void>;
  /**
   * Runs a registered queue once per period of a cron expression (UTC; 5 fields, or 6 with seconds): one job
   * per period across all instances, also when several are running or one restarts within the period.
   */
  schedule(queue: string, cron: string, data?: JobData): void;
  start(): Promise<void>;
  /** Stops taking jobs and waits (bounded) for the running ones. */
  stop(): Promise<void>;
  /** Dead jobs, newest first: of one clinic with organizationId, of one queue with queue. */
  failed(filter?: { organizationId?: string; queue?: string; limit?: number }): Promise<FailedJob[]>;
  /**
   * Runs, in this process and now, every job that is due (queuing the current period of each schedule first),
   * until none is left; answers how many ran. Tests drive the queue with it instead of waiting for a poll.
   */
  runDue(options?: { queues?: string[] }): Promise<number>;
}
