import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema/audit';

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
      await db.insert(auditLog).values(rows);
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
      pending.push(row);
      if (pending.length >= opts.maxBatch) void flush();
      else timer ??= setTimeout(() => void flush(), opts.delayMs);
    },
    flush,
  };
}
export type AuditWriter = ReturnType<typeof createAuditWriter>;
