import type { AppointmentTypeRules, DateOverride } from '@portal/domain/scheduling/availability';
import type { WeeklyHours } from '@portal/domain/scheduling/slots';
import { and, asc, desc, eq, gt, gte, lt, ne, type SQL, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import type { Db } from '../../db/client';
import { appointments, appointmentTypes, type EventTypeKind } from '../../db/schema/appointments';
import {
  physicianAvailability,
  physicianAvailabilityOverrides,
  physicianStates,
  physicians,
} from '../../db/schema/physicians';
import { subscriptions } from '../../db/schema/subscriptions';
import { users } from '../../db/schema/users';
import { isExclusionViolation } from '../../platform/db-errors';
import type { Notifier } from '../notifications/notifier';

export type PhysicianRef = {
  id: string;
  firstName: string;
  lastName: string;
  credentials: string | null;
  roomLink: string | null;
};
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
  sequence: appointments.sequence,
  timeZone: appointments.timeZone,
  organizationId: appointments.organizationId,
  physicianFirstName: physicians.firstName,
  physicianLastName: physicians.lastName,
  physicianCredentials: physicians.credentials,
  physicianRoomLink: physicians.roomLink,
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
  sequence: number;
  timeZone: string | null;
  organizationId: string;
  physicianFirstName: string | null;
  physicianLastName: string | null;
  physicianCredentials: string | null;
  physicianRoomLink: string | null;
};

/** The time a live booking keeps: its blocked range (call and buffers), or its call when it has none. */
const blockedStart = sql<Date>`coalesce(${appointments.blockedStart}, ${appointments.startTime})`;
const blockedEnd = sql<Date>`coalesce(${appointments.blockedEnd}, ${appointments.endTime})`;
const blockedOverlaps = (start: Date, end: Date) =>
  and(
    sql`${blockedStart} < ${end.toISOString()}::timestamptz`,
    sql`${blockedEnd} > ${start.toISOString()}::timestamptz`,
  );

const notCanceled = eq(appointments.canceled, false);
/** The furthest a slot's blocked range reaches from its start: 480 minutes' call and 240 of buffer each side. */
const BLOCK_REACH = 12 * 3_600_000;
/** Drivers hand timestamps back as Date (postgres.js) or text (PGlite, see db/client.ts). */
const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
/** "09:00:00" -> "09:00"; PostgreSQL writes midnight at the end of a day as "24:00:00". */
const hhmm = (value: string) => value.slice(0, 5);
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
        roomLink: physicians.roomLink,
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
        .where(anyOf(physicianAvailability.physicianId, physicianIds));
      for (const { physicianId, ...hours } of list) byPhysician.get(physicianId)?.push(hours);
      return byPhysician;
    },

    /** The blocked ranges (calls with their buffers) of these physicians' live bookings meeting [from, to). */
    async booked(physicianIds: string[], from: Date, to: Date, except?: string): Promise<BookedRange[]> {
      if (physicianIds.length === 0) return [];
      const list = await db
        .select({
          physicianId: appointments.physicianId,
          start: appointments.startTime,
          end: appointments.endTime,
          blockedStart: appointments.blockedStart,
          blockedEnd: appointments.blockedEnd,
        })
        .from(appointments)
        .where(
          and(
            anyOf(appointments.physicianId, physicianIds),
            notCanceled,
            // The physician index narrows by start; a booking starts at most a day before what it blocks.
            gte(appointments.startTime, new Date(from.getTime() - 86_400_000)),
            lt(appointments.startTime, new Date(to.getTime() + 86_400_000)),
            // Only what can meet a slot of [from, to): a slot with its buffers reaches at most 12 hours
            // beyond it (appointment_types_minutes_check), so a booking checks a handful of rows, not a day's.
            blockedOverlaps(new Date(from.getTime() - BLOCK_REACH), new Date(to.getTime() + BLOCK_REACH)),
            except ? ne(appointments.id, except) : undefined,
          ),
        );
      return list
        .map((r) => ({
          physicianId: r.physicianId,
          start: toDate(r.blockedStart ?? r.start),
          end: toDate(r.blockedEnd ?? r.end),
        }))
        .filter((r): r is BookedRange => r.physicianId !== null && r.start < to && r.end > from);
    },

    /** Each physician's weekly hours and the overrides of the local dates around [from, to). */
    async schedules(
      physicianIds: string[],
      from: Date,
      to: Date,
    ): Promise<Map<string, { weekly: WeeklyHours[]; overrides: DateOverride[] }>> {
      const out = new Map(
        physicianIds.map((id) => [id, { weekly: [] as WeeklyHours[], overrides: [] as DateOverride[] }]),
      );
      if (physicianIds.length === 0) return out;
      const day = (d: Date) => d.toISOString().slice(0, 10);
      const [weekly, overrides] = await Promise.all([
        this.weeklyHours(physicianIds),
        db
          .select({
            physicianId: physicianAvailabilityOverrides.physicianId,
            date: physicianAvailabilityOverrides.date,
            start: physicianAvailabilityOverrides.startTime,
            end: physicianAvailabilityOverrides.endTime,
            timeZone: physicianAvailabilityOverrides.timeZone,
          })
          .from(physicianAvailabilityOverrides)
          .where(
            and(
              anyOf(physicianAvailabilityOverrides.physicianId, physicianIds),
              gte(physicianAvailabilityOverrides.date, day(new Date(from.getTime() - 2 * 86_400_000))),
              lt(physicianAvailabilityOverrides.date, day(new Date(to.getTime() + 2 * 86_400_000))),
            ),
          ),
      ]);
      for (const [id, hours] of weekly) out.get(id)!.weekly = hours;
      for (const row of overrides) {
        const list = out.get(row.physicianId)!.overrides;
        let found = list.find((o) => o.date === row.date);
        if (!found) {
          found = { date: row.date, timeZone: row.timeZone, blocks: [] };
          list.push(found);
        }
        if (row.start && row.end)
          (found.blocks as { start: string; end: string }[]).push({
            start: hhmm(row.start),
            end: hhmm(row.end),
          });
      }
      return out;
    },

    /** The clinic's rules for a kind of call, when it set its own. */
    async typeRules(
      organizationId: string,
      kind: EventTypeKind,
    ): Promise<(AppointmentTypeRules & { name: string }) | undefined> {
      const [row] = await db
        .select({
          name: appointmentTypes.name,
          durationMinutes: appointmentTypes.durationMinutes,
          bufferBeforeMinutes: appointmentTypes.bufferBeforeMinutes,
          bufferAfterMinutes: appointmentTypes.bufferAfterMinutes,
          minimumNoticeMinutes: appointmentTypes.minimumNoticeMinutes,
          horizonDays: appointmentTypes.horizonDays,
          slotIntervalMinutes: appointmentTypes.slotIntervalMinutes,
        })
        .from(appointmentTypes)
        .where(and(eq(appointmentTypes.organizationId, organizationId), eq(appointmentTypes.kind, kind)));
      return row ? { ...row, slotIntervalMinutes: row.slotIntervalMinutes ?? undefined } : undefined;
    },

    async patient(userId: string) {
      const [row] = await db
        .select({
          state: users.state,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** The zone of the patient's most recently changed appointment that has one: theirs, given when they booked. */
    async lastTimeZone(patientId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ timeZone: appointments.timeZone })
        .from(appointments)
        .where(and(eq(appointments.patientId, patientId), sql`${appointments.timeZone} is not null`))
        .orderBy(desc(appointments.updatedAt))
        .limit(1);
      return row?.timeZone ?? undefined;
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

    /** Whether a live booking of the physician (other than `except`) keeps any of [start, end). */
    async physicianBusy(physicianId: string, start: Date, end: Date, except?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          and(
            eq(appointments.physicianId, physicianId),
            notCanceled,
            gte(appointments.startTime, new Date(start.getTime() - 86_400_000)),
            lt(appointments.startTime, end),
            blockedOverlaps(start, end),
            except ? ne(appointments.id, except) : undefined,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * Inserts unless the exclusion constraint finds the physician's time taken (another booking took it
     * meanwhile; one still uncommitted is waited for): null then, the transaction goes on and the caller may
     * try another physician; else when it was made. ON CONFLICT DO NOTHING is the one statement PostgreSQL
     * offers for an exclusion constraint; the row's other unique keys (a new id, no outside uuid) cannot
     * conflict.
     */
    async insertUnlessTaken(values: typeof appointments.$inferInsert): Promise<Date | null> {
      const [inserted] = await db
        .insert(appointments)
        .values(values)
        .onConflictDoNothing()
        .returning({ createdAt: appointments.createdAt });
      return inserted ? toDate(inserted.createdAt) : null;
    },

    /** Moves a live appointment; false when the exclusion constraint refuses the new time. */
    async move(
      id: string,
      values: {
        startTime: Date;
        endTime: Date;
        blockedStart: Date;
        blockedEnd: Date;
        timeZone: string | null;
        at: Date;
      },
    ): Promise<boolean> {
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(appointments)
            .set({
              startTime: values.startTime,
              endTime: values.endTime,
              blockedStart: values.blockedStart,
              blockedEnd: values.blockedEnd,
              timeZone: values.timeZone,
              sequence: sql`${appointments.sequence} + 1`,
              updatedAt: values.at,
            })
            .where(and(eq(appointments.id, id), notCanceled));
        });
        return true;
      } catch (error) {
        if (isExclusionViolation(error)) return false;
        throw error;
      }
    },

    /** Holds the appointment's row to the end of the transaction. */
    async lockAppointment(id: string): Promise<void> {
      await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(eq(appointments.id, id))
        .for('update');
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
    async cancel(
      id: string,
      patientId: string,
      at: Date,
      by?: { userId: string; message?: string | undefined },
    ): Promise<boolean> {
      const changed = await db
        .update(appointments)
        .set({
          canceled: true,
          canceledAt: at,
          updatedAt: at,
          sequence: sql`${appointments.sequence} + 1`,
          canceledBy: by?.userId ?? patientId,
          cancelMessage: by?.message ?? null,
        })
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
