import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ref, updatedAt } from './columns';
import { organizations } from './organizations';
import { physicians } from './physicians';
import { subscriptions } from './subscriptions';
import { users } from './users';

export type EventTypeKind = 'user-verification' | 'consultation' | 'coaching' | 'follow-up';

/** A booked call (identity verification, consultation, coaching), usually from a scheduling widget. */
export const appointments = pgTable(
  'appointments',
  {
    id: idColumn(),
    patientId: ref('patient_id')
      .notNull()
      .references(() => users.id),
    physicianId: ref('physician_id').references(() => physicians.id),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    subscriptionId: ref('subscription_id').references(() => subscriptions.id),
    name: text('name').notNull(),
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true, mode: 'date' }).notNull(),
    canceled: boolean('canceled').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true, mode: 'date' }),
    /** Meeting link or address. */
    location: text('location'),
    externalSource: varchar('external_source', { length: 32 }),
    /** The booking's id at the scheduling service. */
    uuid: varchar('uuid', { length: 64 }),
    eventTypeKind: varchar('event_type_kind', { length: 32 }).$type<EventTypeKind>().notNull(),
    /** When the care team marked the call done (issue 12 §6 call tasks), by whom, and what came of it. */
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    completedBy: ref('completed_by').references(() => users.id),
    outcome: text('outcome'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('appointments_patient_id_start_time_idx').on(t.patientId, t.startTime),
    index('appointments_physician_id_start_time_idx').on(t.physicianId, t.startTime),
    index('appointments_organization_id_start_time_idx').on(t.organizationId, t.startTime),
    index('appointments_subscription_id_idx').on(t.subscriptionId),
    uniqueIndex('appointments_uuid_idx').on(t.uuid),
    // The care team's open call tasks: retention and verification calls neither canceled nor done, oldest first.
    index('appointments_open_call_tasks_idx')
      .on(t.organizationId, t.createdAt, t.id)
      .where(
        sql`not ${t.canceled} and ${t.completedAt} is null and ${t.eventTypeKind} in ('user-verification', 'consultation')`,
      ),
  ],
);
