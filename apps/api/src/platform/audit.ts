import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { preparedSql } from '../db/prepared-sql';
import type { auditLog } from '../db/schema/audit';
import { describeError } from './log-safe';

export type AuditRow = typeof auditLog.$inferInsert;

type Waiting = { row: AuditRow; done: () => void; failed: (error: unknown) => void };

/**
 * Writes audit rows with group commit: `record` resolves once the row is committed, so the access check can
 * hold a response until the row that records it is durable (decision 022). Rows recorded while the writes
 * in flight are busy go together in the next one, so under load one INSERT carries many requests' rows and
 * a quiet request pays one statement of its own. No timer: a row waits at most for a write ahead of it.
 * One INSERT is in flight at a time, on a server as on the embedded database: a second one held another of
 * the few connections while its commit reached the disk, and split the rows one commit could carry; the
 * bench's reads were faster with one (decision 054).
 */
export function createAuditWriter(db: Db, log: FastifyBaseLogger) {
  const maxBatch = 500;
  const maxInFlight = 1;
  let queue: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;
  let idle: (() => void)[] = [];

  // One statement with the batch as one JSON parameter: built and prepared once, planned once, and read the
  // same way by every driver (PGlite, postgres.js).
  const insertBatch = preparedSql(
    db,
    'audit_rows',
    sql`insert into audit_log (at, actor_id, organization_id, patient_id, action, outcome, status_code, client_address, request_id)
      select at, actor_id, organization_id, patient_id, action, outcome, status_code, client_address, request_id
      from jsonb_to_recordset(${sql.placeholder('batch')}::jsonb) as x(at timestamptz, actor_id varchar, organization_id varchar,
        patient_id varchar, action text, outcome varchar, status_code smallint, client_address varchar, request_id varchar)`,
  );

  const insert = async (rows: AuditRow[]) => {
    const batch = JSON.stringify(
      rows.map((r) => ({
        at: (r.at ?? new Date()).toISOString(),
        actor_id: r.actorId ?? null,
        organization_id: r.organizationId ?? null,
        patient_id: r.patientId ?? null,
        action: r.action,
        outcome: r.outcome,
        status_code: r.statusCode,
        client_address: r.clientAddress ?? null,
        request_id: r.requestId,
      })),
    );
    await insertBatch({ batch });
  };
  const write = async (group: Waiting[]) => {
    try {
      await insert(group.map((w) => w.row));
      for (const w of group) w.done();
    } catch (error) {
      log.error({ err: describeError(error), rows: group.length }, 'audit rows could not be written');
      for (const w of group) w.failed(error);
    } finally {
      inFlight -= 1;
      pump();
    }
  };

  function pump(): void {
    scheduled = false;
    while (inFlight < maxInFlight && queue.length > 0) {
      const group = queue.slice(0, maxBatch);
      queue = queue.slice(group.length);
      inFlight += 1;
      void write(group);
    }
    if (inFlight === 0 && queue.length === 0 && idle.length > 0) {
      const waiters = idle;
      idle = [];
      for (const resolve of waiters) resolve();
    }
  }

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    // rows of the same turn of the event loop go together
    setImmediate(pump);
  };

  return {
    /**
     * Queues a row and resolves when it is committed (rejects when it could not be written). Rows of the
     * same turn of the event loop, and those queued while the writes in flight are busy, share one INSERT.
     */
    record(row: AuditRow): Promise<void> {
      return new Promise<void>((done, failed) => {
        queue.push({ row: { ...row, at: row.at ?? new Date() }, done, failed });
        if (inFlight < maxInFlight) schedule();
      });
    },
    /** Resolves when every row recorded so far has been written (or given up). Shutdown and tests. */
    flush(): Promise<void> {
      if (inFlight === 0 && queue.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        idle.push(resolve);
        schedule();
      });
    },
  };
}
export type AuditWriter = ReturnType<typeof createAuditWriter>;
