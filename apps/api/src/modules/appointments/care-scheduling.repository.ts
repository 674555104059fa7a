import { and, asc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { appointments } from '../../db/schema/appointments';
import {
  physicianAvailability,
  physicianAvailabilityOverrides,
  physicians,
} from '../../db/schema/physicians';
import { users } from '../../db/schema/users';
import type { AppointmentRow } from './appointments.repository';

export type AvailabilityRows = {
  weekly: { weekday: number; start: string; end: string; timeZone: string }[];
  overrides: { date: string; start: string | null; end: string | null; timeZone: string }[];
};

/** The clinic's side of the scheduler: physicians' availability and the schedule by day or week. */
export function createCareSchedulingRepository(db: Db) {
  const patients = alias(users, 'patient');
  return {
    async physicianOf(organizationId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: physicians.id })
        .from(physicians)
        .where(and(eq(physicians.id, id), eq(physicians.organizationId, organizationId)));
      return row !== undefined;
    },

    async patientOf(organizationId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), eq(users.organizationId, organizationId), eq(users.role, 'patient')));
      return row !== undefined;
    },

    /** The clinic's physicians by name, active ones first. */
    physicians(organizationId: string) {
      return db
        .select({
          id: physicians.id,
          firstName: physicians.firstName,
          lastName: physicians.lastName,
          credentials: physicians.credentials,
          active: physicians.active,
          userId: physicians.userId,
        })
        .from(physicians)
        .where(eq(physicians.organizationId, organizationId))
        .orderBy(sql`${physicians.active} desc`, asc(physicians.lastName), asc(physicians.firstName));
    },

    /** Up to 20 of the clinic's patients whose name or e-mail holds `text` (no wildcards of the caller's). */
    searchPatients(organizationId: string, text: string) {
      const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(
          and(
            eq(users.organizationId, organizationId),
            eq(users.role, 'patient'),
            or(
              ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
              ilike(users.email, pattern),
            ),
          ),
        )
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
        .limit(20);
    },

    async availability(physicianId: string): Promise<AvailabilityRows> {
      const [weekly, overrides] = await Promise.all([
        db
          .select({
            weekday: physicianAvailability.weekday,
            start: physicianAvailability.startTime,
            end: physicianAvailability.endTime,
            timeZone: physicianAvailability.timeZone,
          })
          .from(physicianAvailability)
          .where(eq(physicianAvailability.physicianId, physicianId))
          .orderBy(asc(physicianAvailability.weekday), asc(physicianAvailability.startTime)),
        db
          .select({
            date: physicianAvailabilityOverrides.date,
            start: physicianAvailabilityOverrides.startTime,
            end: physicianAvailabilityOverrides.endTime,
            timeZone: physicianAvailabilityOverrides.timeZone,
          })
          .from(physicianAvailabilityOverrides)
          .where(eq(physicianAvailabilityOverrides.physicianId, physicianId))
          .orderBy(asc(physicianAvailabilityOverrides.date), asc(physicianAvailabilityOverrides.startTime)),
      ]);
      return { weekly, overrides };
    },

    /** The physician's video room link, or null. */
    async roomLink(physicianId: string): Promise<string | null> {
      const [row] = await db
        .select({ roomLink: physicians.roomLink })
        .from(physicians)
        .where(eq(physicians.id, physicianId));
      return row?.roomLink ?? null;
    },

    /**
     * Replaces the physician's weekly hours and overrides in one transaction, and their room link with them
     * when one is given (null clears it).
     */
    async replaceAvailability(
      physicianId: string,
      timeZone: string,
      weekly: { weekday: number; start: string; end: string }[],
      overrides: { date: string; blocks: { start: string; end: string }[] }[],
      roomLink?: string | null,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        if (roomLink !== undefined)
          await tx
            .update(physicians)
            .set({ roomLink: roomLink || null })
            .where(eq(physicians.id, physicianId));
        await tx.delete(physicianAvailability).where(eq(physicianAvailability.physicianId, physicianId));
        await tx
          .delete(physicianAvailabilityOverrides)
          .where(eq(physicianAvailabilityOverrides.physicianId, physicianId));
        if (weekly.length > 0)
          await tx.insert(physicianAvailability).values(
            weekly.map((b) => ({
              physicianId,
              weekday: b.weekday,
              startTime: b.start,
              endTime: b.end,
              timeZone,
            })),
          );
        const rows = overrides.flatMap((o): (typeof physicianAvailabilityOverrides.$inferInsert)[] =>
          o.blocks.length === 0
            ? [{ physicianId, date: o.date, startTime: null, endTime: null, timeZone }]
            : o.blocks.map((b) => ({
                physicianId,
                date: o.date,
                startTime: b.start,
                endTime: b.end,
                timeZone,
              })),
        );
        if (rows.length > 0) await tx.insert(physicianAvailabilityOverrides).values(rows);
      });
    },

    /**
     * The clinic's appointments starting in [from, to), with patient and physician, in time order: one query
     * on appointments_organization_id_start_time_idx (or the physician's index when one is named).
     */
    async schedule(
      organizationId: string,
      from: Date,
      to: Date,
      opts: { physicianId?: string | undefined; includeCanceled: boolean },
    ): Promise<(AppointmentRow & { patientFirstName: string; patientLastName: string })[]> {
      const list = await db
        .select({
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
          patientFirstName: patients.firstName,
          patientLastName: patients.lastName,
        })
        .from(appointments)
        .innerJoin(patients, eq(patients.id, appointments.patientId))
        .leftJoin(physicians, eq(physicians.id, appointments.physicianId))
        .where(
          and(
            eq(appointments.organizationId, organizationId),
            gte(appointments.startTime, from),
            lt(appointments.startTime, to),
            opts.physicianId ? eq(appointments.physicianId, opts.physicianId) : undefined,
            opts.includeCanceled ? undefined : eq(appointments.canceled, false),
          ),
        )
        .orderBy(asc(appointments.startTime), asc(appointments.id));
      return list as (AppointmentRow & { patientFirstName: string; patientLastName: string })[];
    },
  };
}
export type CareSchedulingRepository = ReturnType<typeof createCareSchedulingRepository>;
