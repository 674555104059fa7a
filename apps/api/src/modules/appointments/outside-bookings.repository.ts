import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, type EventTypeKind, schedulingWebhookEvents } from '../../db/schema/appointments';
import { physicianStates, physicians } from '../../db/schema/physicians';
import { subscriptions } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import { isExclusionViolation, isUniqueViolation } from '../../platform/db-errors';
import type { OutsideProvider } from '../../platform/scheduling/outside-event';
import type { Notifier } from '../notifications/notifier';

export type OutsideAppointment = {
  id: string;
  patientId: string;
  organizationId: string;
  physicianId: string | null;
  canceled: boolean;
  eventTypeKind: EventTypeKind;
  timeZone: string | null;
};

const lower = (email: string) => email.trim().toLowerCase();

/** Statements of the outside schedulers' bookings (decision 047); `transaction` binds them to one. */
function queries(db: Db) {
  return {
    /**
     * Records a delivery; false when it was recorded before (a replay). Taken first in the transaction, so a
     * second copy arriving at the same time waits on the unique index and then finds it taken.
     */
    async recordDelivery(provider: OutsideProvider, eventId: string): Promise<string | null> {
      const [row] = await db
        .insert(schedulingWebhookEvents)
        .values({ provider, eventId })
        .onConflictDoNothing()
        .returning({ id: schedulingWebhookEvents.id });
      return row?.id ?? null;
    },

    async linkDelivery(deliveryId: string, appointmentId: string): Promise<void> {
      await db
        .update(schedulingWebhookEvents)
        .set({ appointmentId })
        .where(eq(schedulingWebhookEvents.id, deliveryId));
    },

    /** The appointment booked under this id at the scheduler, its row held to the end of the transaction. */
    async byUuid(uuid: string): Promise<OutsideAppointment | undefined> {
      const [row] = await db
        .select({
          id: appointments.id,
          patientId: appointments.patientId,
          organizationId: appointments.organizationId,
          physicianId: appointments.physicianId,
          canceled: appointments.canceled,
          eventTypeKind: appointments.eventTypeKind,
          timeZone: appointments.timeZone,
        })
        .from(appointments)
        .where(eq(appointments.uuid, uuid))
        .for('update');
      return row;
    },

    async patientById(
      id: string,
    ): Promise<{ id: string; organizationId: string; email: string } | undefined> {
      const [row] = await db
        .select({ id: users.id, organizationId: users.organizationId, email: users.email })
        .from(users)
        .where(and(eq(users.id, id), eq(users.role, 'patient')));
      return row;
    },

    async patientByEmail(organizationId: string, email: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.organizationId, organizationId),
            eq(users.role, 'patient'),
            sql`lower(${users.email}) = ${lower(email)}`,
          ),
        );
      return row?.id;
    },

    async ownSubscription(id: string, patientId: string, organizationId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.id, id),
            eq(subscriptions.userId, patientId),
            eq(subscriptions.organizationId, organizationId),
          ),
        );
      return Boolean(row);
    },

    async recordFreeConsultation(subscriptionId: string, start: Date): Promise<void> {
      await db
        .update(subscriptions)
        .set({
          cancellationInfo: sql`${subscriptions.cancellationInfo} || jsonb_build_object('free_consultation_scheduled_date', ${start.toISOString()}::text)`,
        })
        .where(eq(subscriptions.id, subscriptionId));
    },

    /** The staff e-mail of one of the clinic's physicians (how the outside scheduler knows them). */
    async physicianEmail(id: string, organizationId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ email: users.email })
        .from(physicians)
        .innerJoin(users, eq(users.id, physicians.userId))
        .where(and(eq(physicians.id, id), eq(physicians.organizationId, organizationId)));
      return row?.email;
    },

    /**
     * Whether the patient may book this physician: an active provider of the clinic, licensed in the patient's
     * state when one is given (verification calls and consultations), as the portal's own calendar decides.
     */
    async bookablePhysician(id: string, organizationId: string, state: string | null): Promise<boolean> {
      const where = and(
        eq(physicians.id, id),
        eq(physicians.organizationId, organizationId),
        eq(physicians.active, true),
        eq(physicians.isProvider, true),
        state
          ? sql`exists (select 1 from ${physicianStates} where ${physicianStates.physicianId} = ${physicians.id} and ${physicianStates.state} = ${state})`
          : undefined,
      );
      const [row] = await db.select({ id: physicians.id }).from(physicians).where(where);
      return Boolean(row);
    },

    /** A physician's own booking page at the outside scheduler (their Calendly page), when the clinic set one. */
    async physicianSchedulingLink(id: string, organizationId: string): Promise<string | null> {
      const [row] = await db
        .select({ link: physicians.schedulingLink })
        .from(physicians)
        .where(and(eq(physicians.id, id), eq(physicians.organizationId, organizationId)));
      return row?.link ?? null;
    },

    async physicianById(id: string, organizationId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: physicians.id })
        .from(physicians)
        .where(and(eq(physicians.id, id), eq(physicians.organizationId, organizationId)));
      return row?.id;
    },

    /** The physicians whose staff account has this e-mail (one per clinic at most), with their clinic. */
    async physiciansByEmail(email: string): Promise<{ id: string; organizationId: string }[]> {
      return db
        .select({ id: physicians.id, organizationId: physicians.organizationId })
        .from(physicians)
        .innerJoin(users, eq(users.id, physicians.userId))
        .where(and(eq(physicians.active, true), sql`lower(${users.email}) = ${lower(email)}`))
        .limit(5);
    },

    /**
     * Inserts in a savepoint: 'taken' when the exclusion constraint finds the physician's time taken, 'exists'
     * when another delivery of the same booking (or the portal's own write of it) inserted it meanwhile.
     */
    async insert(values: typeof appointments.$inferInsert): Promise<'inserted' | 'taken' | 'exists'> {
      try {
        await db.transaction(async (tx) => {
          await tx.insert(appointments).values(values);
        });
        return 'inserted';
      } catch (error) {
        if (isExclusionViolation(error)) return 'taken';
        if (isUniqueViolation(error)) return 'exists';
        throw error;
      }
    },

    /** Moves the appointment to the scheduler's new time (and the new booking's id); the sequence grows. */
    async move(
      id: string,
      to: {
        uuid: string;
        start: Date;
        end: Date;
        location: string | null;
        at: Date;
        /** Drops the physician: the portal's calendar holds them at the new time. */
        unassign?: boolean;
        /** The new booking's links at the scheduler (left out: unchanged). */
        rescheduleUrl?: string | null;
        externalEventId?: string | null;
      },
    ): Promise<boolean> {
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(appointments)
            .set({
              uuid: to.uuid,
              startTime: to.start,
              endTime: to.end,
              blockedStart: null,
              blockedEnd: null,
              location: to.location,
              ...(to.unassign ? { physicianId: null } : {}),
              ...(to.rescheduleUrl !== undefined ? { rescheduleUrl: to.rescheduleUrl } : {}),
              ...(to.externalEventId !== undefined ? { externalEventId: to.externalEventId } : {}),
              sequence: sql`${appointments.sequence} + 1`,
              updatedAt: to.at,
            })
            .where(eq(appointments.id, id));
        });
        return true;
      } catch (error) {
        if (isExclusionViolation(error)) return false;
        throw error;
      }
    },

    async cancel(id: string, at: Date): Promise<void> {
      await db
        .update(appointments)
        .set({
          canceled: true,
          canceledAt: at,
          updatedAt: at,
          sequence: sql`${appointments.sequence} + 1`,
        })
        .where(and(eq(appointments.id, id), eq(appointments.canceled, false)));
    },

    async storeNotice(
      notifier: Pick<Notifier, 'store'>,
      row: { patientId: string; organizationId: string; id: string },
      message: string,
    ): Promise<void> {
      await notifier.store(db, row.patientId, row.organizationId, {
        category: 'appointments',
        message,
        data: { type: 'other', appointmentId: row.id },
      });
    },
  };
}

export type OutsideBookingQueries = ReturnType<typeof queries>;

export function createOutsideBookingsRepository(db: Db) {
  return {
    ...queries(db),
    transaction<T>(fn: (q: OutsideBookingQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(queries(tx as unknown as Db)));
    },
  };
}
export type OutsideBookingsRepository = ReturnType<typeof createOutsideBookingsRepository>;
