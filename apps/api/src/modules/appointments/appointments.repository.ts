import type { WeeklyHours } from '@portal/domain/scheduling/slots';
import { and, asc, eq, gt, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, type EventTypeKind } from '../../db/schema/appointments';
import { physicianAvailability, physicianStates, physicians } from '../../db/schema/physicians';
import { subscriptions } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import type { Notifier } from '../notifications/notifier';

export type PhysicianRef = { id: string; firstName: string; lastName: string; credentials: string | null };
export type BookedRange = { physicianId: string; start: Date; end: Date };

const appointmentColumns = {
  id: appointments.id,
  patientId: appointments.patientId,
  physicianId: appointments.physicianId,
  subscriptionId: appointments.subscriptionId,
  name: appointments.name,
  startTime: appointments.startTime,
  endTime: appointments.endTime,
  canceled: appointments.canceled,
  location: appointments.location,
  externalSource: appointments.externalSource,
  uuid: appointments.uuid,
  eventTypeKind: appointments.eventTypeKind,
  createdAt: appointments.createdAt,
  physicianFirstName: physicians.firstName,
  physicianLastName: physicians.lastName,
  physicianCredentials: physicians.credentials,
};
export type AppointmentRow = {
  id: string;
  patientId: string;
  physicianId: string | null;
  subscriptionId: string | null;
  name: string;
  startTime: Date;
  endTime: Date;
  canceled: boolean;
  location: string | null;
  externalSource: string | null;
  uuid: string | null;
  eventTypeKind: EventTypeKind;
  createdAt: Date;
  physicianFirstName: string | null;
  physicianLastName: string | null;
  physicianCredentials: string | null;
};

const notCanceled = eq(appointments.canceled, false);
const overlapping = (start: Date, end: Date) =>
  and(lt(appointments.startTime, end), gt(appointments.endTime, start));

function queries(db: Db) {
  return {
    /** Active physicians of the organization listed as providers; with a state, only those licensed there. */
    async physicians(organizationId: string, state: string | null): Promise<PhysicianRef[]> {
      const columns = {
        id: physicians.id,
        firstName: physicians.firstName,
        lastName: physicians.lastName,
        credentials: physicians.credentials,
      };
      const where = and(
        eq(physicians.organizationId, organizationId),
        eq(physicians.active, true),
        eq(physicians.isProvider, true),
      );
      if (!state) return db.select(columns).from(physicians).where(where).orderBy(asc(physicians.id));
      return db
        .select(columns)
        .from(physicians)
        .innerJoin(physicianStates, eq(physicianStates.physicianId, physicians.id))
        .where(and(where, eq(physicianStates.state, state)))
        .orderBy(asc(physicians.id));
    },

    async weeklyHours(physicianIds: string[]): Promise<Map<string, WeeklyHours[]>> {
      const byPhysician = new Map<string, WeeklyHours[]>(physicianIds.map((id) => [id, []]));
      if (physicianIds.length === 0) return byPhysician;
      const list = await db
        .select({
          physicianId: physicianAvailability.physicianId,
          weekday: physicianAvailability.weekday,
          start: physicianAvailability.startTime,
          end: physicianAvailability.endTime,
          timeZone: physicianAvailability.timeZone,
        })
        .from(physicianAvailability)
        .where(inArray(physicianAvailability.physicianId, physicianIds));
      for (const { physicianId, ...hours } of list) byPhysician.get(physicianId)?.push(hours);
      return byPhysician;
    },

    /** Non-canceled calls of these physicians overlapping [from, to). */
    async booked(physicianIds: string[], from: Date, to: Date): Promise<BookedRange[]> {
      if (physicianIds.length === 0) return [];
      const list = await db
        .select({
          physicianId: appointments.physicianId,
          start: appointments.startTime,
          end: appointments.endTime,
        })
        .from(appointments)
        .where(and(inArray(appointments.physicianId, physicianIds), notCanceled, overlapping(from, to)));
      return list.filter((r): r is BookedRange => r.physicianId !== null);
    },

    async patient(userId: string) {
      const [row] = await db
        .select({ state: users.state, email: users.email, firstName: users.firstName })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** Holds the patient's row to the end of the transaction: one booking of a patient at a time. */
    async lockPatient(userId: string): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    /** Holds the physician's row to the end of the transaction: one booking per physician at a time. */
    async lockPhysician(physicianId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: physicians.id })
        .from(physicians)
        .where(and(eq(physicians.id, physicianId), eq(physicians.active, true)))
        .for('update');
      return row !== undefined;
    },

    async physicianBusy(physicianId: string, start: Date, end: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(and(eq(appointments.physicianId, physicianId), notCanceled, overlapping(start, end)))
        .limit(1);
      return row !== undefined;
    },

    /** The patient's own non-canceled call overlapping the time, or one of `kind` still ahead. */
    async patientConflict(
      userId: string,
      range: { start: Date; end: Date },
      kind: EventTypeKind,
      now: Date,
    ): Promise<{ startTime: Date; eventTypeKind: EventTypeKind } | undefined> {
      const [row] = await db
        .select({ startTime: appointments.startTime, eventTypeKind: appointments.eventTypeKind })
        .from(appointments)
        .where(
          and(
            eq(appointments.patientId, userId),
            notCanceled,
            kind === 'user-verification'
              ? gt(appointments.endTime, now)
              : overlapping(range.start, range.end),
            kind === 'user-verification' ? eq(appointments.eventTypeKind, kind) : undefined,
          ),
        )
        .limit(1);
      return row;
    },

    async insert(values: typeof appointments.$inferInsert): Promise<void> {
      await db.insert(appointments).values(values);
    },

    /** cancellation_info.free_consultation_scheduled_date of the subscription (001 §3, §4 retention). */
    async recordFreeConsultation(subscriptionId: string, start: Date): Promise<void> {
      await db
        .update(subscriptions)
        .set({
          cancellationInfo: sql`${subscriptions.cancellationInfo} || jsonb_build_object('free_consultation_scheduled_date', ${start.toISOString()}::text)`,
        })
        .where(eq(subscriptions.id, subscriptionId));
    },

    /** Stored within the booking's transaction; the notifier delivers it once that commits. */
    async storeNotice(
      notifier: Pick<Notifier, 'store'>,
      userId: string,
      organizationId: string,
      message: string,
      appointmentId: string,
    ) {
      await notifier.store(db, userId, organizationId, {
        category: 'appointments',
        message,
        data: { type: 'other', appointmentId },
      });
    },

    async ownSubscription(subscriptionId: string, userId: string, organizationId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.id, subscriptionId),
            eq(subscriptions.userId, userId),
            eq(subscriptions.organizationId, organizationId),
          ),
        );
      return row !== undefined;
    },

    async find(id: string, filter?: SQL): Promise<AppointmentRow | undefined> {
      const [row] = await db
        .select(appointmentColumns)
        .from(appointments)
        .leftJoin(physicians, eq(physicians.id, appointments.physicianId))
        .where(and(eq(appointments.id, id), filter));
      return row as AppointmentRow | undefined;
    },

    async listOf(
      patientId: string,
      filter: { kind?: EventTypeKind; subscriptionId?: string },
    ): Promise<AppointmentRow[]> {
      const list = await db
        .select(appointmentColumns)
        .from(appointments)
        .leftJoin(physicians, eq(physicians.id, appointments.physicianId))
        .where(
          and(
            eq(appointments.patientId, patientId),
            filter.kind ? eq(appointments.eventTypeKind, filter.kind) : undefined,
            filter.subscriptionId ? eq(appointments.subscriptionId, filter.subscriptionId) : undefined,
          ),
        )
        .orderBy(asc(appointments.startTime));
      return list as AppointmentRow[];
    },

    /** Marks the patient's appointment canceled; false when it was already. */
    async cancel(id: string, patientId: string, at: Date): Promise<boolean> {
      const changed = await db
        .update(appointments)
        .set({ canceled: true, canceledAt: at, updatedAt: at })
        .where(
          and(
            eq(appointments.id, id),
            eq(appointments.patientId, patientId),
            ne(appointments.canceled, true),
          ),
        )
        .returning({ id: appointments.id });
      return changed.length > 0;
    },
  };
}

export type AppointmentQueries = ReturnType<typeof queries>;

/** The only place touching the appointment tables; `transaction` binds the same queries to one transaction. */
export function createAppointmentsRepository(db: Db) {
  return {
    ...queries(db),
    transaction<T>(fn: (q: AppointmentQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(queries(tx as unknown as Db)));
    },
  };
}
export type AppointmentsRepository = ReturnType<typeof createAppointmentsRepository>;
