import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { auditLog } from '../db/schema/audit';

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
      // One statement with one array per column: cheap to build and planned once, whatever the batch size.
      const column = <K extends keyof AuditRow>(key: K) => sql.param(rows.map((r) => r[key] ?? null));
      await db.execute(sql`
        insert into audit_log (at, actor_id, organization_id, patient_id, action, outcome, status_code, client_address, request_id)
        select * from unnest(
          ${sql.param(rows.map((r) => (r.at ?? new Date()).toISOString()))}::timestamptz[],
          ${column('actorId')}::varchar[], ${column('organizationId')}::varchar[], ${column('patientId')}::varchar[],
          ${column('action')}::text[], ${column('outcome')}::varchar[], ${column('statusCode')}::smallint[],
          ${column('clientAddress')}::varchar[], ${column('requestId')}::varchar[])`);
    } catch (error) {
      log.error(
        { err: { message: (error as Error).message }, rows: rows.length },
        'audit rows could not be written',
      );
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
