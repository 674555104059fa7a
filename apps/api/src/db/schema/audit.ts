import { bigserial, index, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Append-only record of every read or change of a patient's data, allowed or refused.
 * A trigger (migration 0001) rejects UPDATE and DELETE, so the application cannot rewrite history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: varchar('actor_id', { length: 24 }),
    organizationId: varchar('organization_id', { length: 24 }),
    patientId: varchar('patient_id', { length: 24 }),
    action: text('action').notNull(),
    outcome: varchar('outcome', { length: 16 }).$type<'allowed' | 'denied' | 'failed'>().notNull(),
    statusCode: smallint('status_code').notNull(),
    clientAddress: varchar('client_address', { length: 64 }),
    requestId: varchar('request_id', { length: 64 }).notNull(),
  },
  (t) => [
    index('audit_log_patient_at_idx').on(t.patientId, t.at),
    index('audit_log_org_at_idx').on(t.organizationId, t.at),
    /** An admin reads one staff member's trail (issue 12 §7). */
    index('audit_log_actor_at_idx').on(t.actorId, t.at),
  ],
);
