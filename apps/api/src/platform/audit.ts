import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { auditLog } from '../db/schema/audit';
import { describeError } from './log-safe';

export type AuditRow = typeof auditLog.$inferInsert;

/**
 * Collects audit rows and writes them in small batches, so a patient read costs one buffered
 * row instead of one extra round trip. flush() runs on shutdown and in tests.
 */
export function createAuditWriter(db: Db, log: FastifyBaseLogger, opts = { maxBatch: 100, delayMs: 25 }) {
  let pending: AuditRow[] = [];
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();

  const write = async (rows: AuditRow[]) => {
    try {
      // One statement with the batch as one JSON parameter: cheap to build, planned once, and read the same
      // way by every driver (PGlite, postgres.js).
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
      await db.execute(sql`
        insert into audit_log (at, actor_id, organization_id, patient_id, action, outcome, status_code, client_address, request_id)
        select at, actor_id, organization_id, patient_id, action, outcome, status_code, client_address, request_id
        from jsonb_to_recordset(${batch}::jsonb) as x(at timestamptz, actor_id varchar, organization_id varchar,
          patient_id varchar, action text, outcome varchar, status_code smallint, client_address varchar, request_id varchar)`);
    } catch (error) {
      log.error({ err: describeError(error), rows: rows.length }, 'audit rows could not be written');
    }
  };

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.length > 0) {
      const rows = pending;
      pending = [];
      inFlight = inFlight.then(() => write(rows));
    }
    return inFlight;
  };

  return {
    record(row: AuditRow): void {
      pending.push({ ...row, at: row.at ?? new Date() });
      if (pending.length >= opts.maxBatch) void flush();
      else timer ??= setTimeout(() => void flush(), opts.delayMs);
    },
    flush,
  };
}
export type AuditWriter = ReturnType<typeof createAuditWriter>;
