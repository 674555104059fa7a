import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
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
    /**
     * The scheduled event's id at the scheduler when it differs from the booking's (Calendly: `uuid` is the
     * invitee, this the event its cancellation API names).
     */
    externalEventId: varchar('external_event_id', { length: 64 }),
    /** Where the patient moves this booking at the scheduler (Calendly's reschedule_url), decision 047. */
    rescheduleUrl: text('reschedule_url'),
    eventTypeKind: varchar('event_type_kind', { length: 32 }).$type<EventTypeKind>().notNull(),
    /**
     * The time the booking keeps from the physician's other bookings: the call with its buffers (decision 043).
     * Null for a booking made without buffers (start_time to end_time). The exclusion constraint
     * appointments_physician_time_excl (migration 0024) forbids two live bookings of one physician to overlap.
     */
    blockedStart: timestamp('blocked_start', { withTimezone: true, mode: 'date' }),
    blockedEnd: timestamp('blocked_end', { withTimezone: true, mode: 'date' }),
    /** Grows with each reschedule and the cancellation: the calendar invitation's SEQUENCE. */
    sequence: integer('sequence').notNull().default(0),
    /** The patient's zone when booked, for wording times in messages; Pacific time when unknown. */
    timeZone: varchar('time_zone', { length: 64 }),
    /** Who canceled (the patient, or staff on their behalf) and what the patient was told. */
    canceledBy: ref('canceled_by').references(() => users.id),
    cancelMessage: text('cancel_message'),
    /** Who booked it: the patient, or staff on the patient's behalf. */
    bookedBy: ref('booked_by').references(() => users.id),
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
    check(
      'appointments_blocked_range_check',
      sql`(${t.blockedStart} is null or ${t.blockedStart} <= ${t.startTime}) and (${t.blockedEnd} is null or ${t.blockedEnd} >= ${t.endTime}) and ${t.startTime} < ${t.endTime}`,
    ),
    // The care team's open call tasks: retention and verification calls neither canceled nor done, oldest first.
    index('appointments_open_call_tasks_idx')
      .on(t.organizationId, t.createdAt, t.id)
      .where(
        sql`not ${t.canceled} and ${t.completedAt} is null and ${t.eventTypeKind} in ('user-verification', 'consultation')`,
      ),
  ],
);

/**
 * A clinic's appointment types (decision 043): what a kind of call asks of the calendar. A kind without a row
 * takes the built-in rules of packages/domain/src/scheduling/appointment-types.ts.
 */
export const appointmentTypes = pgTable(
  'appointment_types',
  {
    id: idColumn(),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    kind: varchar('kind', { length: 32 }).$type<EventTypeKind>().notNull(),
    name: text('name').notNull(),
    durationMinutes: smallint('duration_minutes').notNull(),
    bufferBeforeMinutes: smallint('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: smallint('buffer_after_minutes').notNull().default(0),
    minimumNoticeMinutes: integer('minimum_notice_minutes').notNull().default(120),
    horizonDays: smallint('horizon_days').notNull().default(60),
    slotIntervalMinutes: smallint('slot_interval_minutes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('appointment_types_organization_id_kind_idx').on(t.organizationId, t.kind),
    check(
      'appointment_types_minutes_check',
      sql`${t.durationMinutes} between 5 and 480 and ${t.bufferBeforeMinutes} between 0 and 240 and ${t.bufferAfterMinutes} between 0 and 240 and ${t.minimumNoticeMinutes} >= 0 and ${t.horizonDays} between 1 and 366`,
    ),
  ],
);

export type ReminderKind = 'day-before' | 'hour-before';

/**
 * Reminders planned for an appointment, one per kind and version (sequence) of its time. The job that sends
 * one checks at run time that the appointment is still booked at that version; a reschedule plans new rows and
 * a cancellation leaves the old ones to be skipped.
 */
export const appointmentReminders = pgTable(
  'appointment_reminders',
  {
    id: idColumn(),
    appointmentId: ref('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<ReminderKind>().notNull(),
    sequence: integer('sequence').notNull(),
    /** The start time it reminds of. */
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** Set instead of sent_at when the appointment moved or was canceled before it was due. */
    skippedAt: timestamp('skipped_at', { withTimezone: true, mode: 'date' }),
    /** The channels it went out on, e.g. 'email,sms'. */
    channels: varchar('channels', { length: 32 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('appointment_reminders_appointment_id_sequence_kind_idx').on(
      t.appointmentId,
      t.sequence,
      t.kind,
    ),
    // the sweep's path: reminders still to go out, by when they are due
    index('appointment_reminders_due_at_idx')
      .on(t.dueAt)
      .where(sql`${t.sentAt} is null and ${t.skippedAt} is null`),
  ],
);

/** Webhook deliveries of an outside scheduler already handled, so a replay creates nothing twice. */
export const schedulingWebhookEvents = pgTable(
  'scheduling_webhook_events',
  {
    id: idColumn(),
    provider: varchar('provider', { length: 16 }).notNull(),
    eventId: varchar('event_id', { length: 200 }).notNull(),
    appointmentId: ref('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('scheduling_webhook_events_provider_event_id_idx').on(t.provider, t.eventId)],
);
