import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ref } from './columns';
import { organizations } from './organizations';
import { users } from './users';

/**
 * An alert raised about a patient for the clinic (002 §7.8, kinds in @portal/domain/care/alerts): an open task
 * of the care team until a member marks it done. At most one is open per patient and kind.
 */
export const careAlerts = pgTable(
  'care_alerts',
  {
    id: idColumn(),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    patientId: ref('patient_id')
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 32 }).notNull(),
    /** The patient themself, or the staff member who raised it on their behalf. */
    raisedBy: ref('raised_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedBy: ref('resolved_by').references(() => users.id),
    outcome: text('outcome'),
  },
  (t) => [
    // a second raise while one is open finds it instead of adding another
    uniqueIndex('care_alerts_open_patient_kind_idx')
      .on(t.patientId, t.kind)
      .where(sql`${t.resolvedAt} is null`),
    // the care team's task list: an organization's open alerts, oldest first
    index('care_alerts_open_organization_created_at_idx')
      .on(t.organizationId, t.createdAt, t.id)
      .where(sql`${t.resolvedAt} is null`),
  ],
);
