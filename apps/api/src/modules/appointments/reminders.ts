import { DEFAULT_APPOINTMENT_TIME_ZONE, formatCallTime } from '@portal/domain/scheduling/format-slot';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { appointmentReminders, appointments, type ReminderKind } from '../../db/schema/appointments';
import type { Notifier } from '../notifications/notifier';
import { createAppointmentEmails } from './appointment-mail';
import { createAppointmentsRepository } from './appointments.repository';

/**
 * The sweep's queue, run once a minute across all server instances (REMINDER_SWEEP_SCHEDULE). The queue of
 * one job per reminder it replaced stays registered, so such jobs queued before still run (run is idempotent).
 */
export const APPOINTMENT_REMINDER_SWEEP_QUEUE = 'appointment-reminder-sweep';
export const REMINDER_SWEEP_SCHEDULE = '* * * * *';
export const APPOINTMENT_REMINDER_QUEUE = 'appointment-reminder';

/** How long before the start each reminder goes out. */
export const REMINDER_OFFSETS: Record<ReminderKind, number> = {
  'day-before': 24 * 60,
  'hour-before': 60,
};

/** A live appointment's time as just written: planning from it needs no read. */
export type PlannedTime = { id: string; organizationId: string; startTime: Date; sequence: number };

/** A reminder row to write: one per kind still ahead of `at`, for this version (sequence) of the time. */
export type DueReminder = {
  id: string;
  appointmentId: string;
  kind: ReminderKind;
  sequence: number;
  startTime: Date;
  dueAt: Date;
};

/** The reminders of the appointment's time that are still ahead. */
export function remindersOf(appointment: Omit<PlannedTime, 'organizationId'>, at: Date): DueReminder[] {
  return (Object.entries(REMINDER_OFFSETS) as [ReminderKind, number][])
    .map(([kind, minutes]) => ({
      id: newId(),
      appointmentId: appointment.id,
      kind,
      sequence: appointment.sequence,
      startTime: appointment.startTime,
      dueAt: new Date(appointment.startTime.getTime() - minutes * 60_000),
    }))
    .filter((r) => r.dueAt > at);
}

/**
 * Reminders of appointments (decision 043): a row per kind and version (sequence) of the time, written with
 * the booking or the move; a sweep once a minute sends those due. Sending checks that the appointment is
 * still live at that version and time: a reminder for a canceled or superseded time is skipped, never sent. It
 * goes out as a portal notification and by e-mail or text message as the patient chose for appointments; the
 * e-mail gives the time in the patient's zone.
 */
export function createAppointmentReminders(deps: {
  db: Db;
  notifier: Pick<Notifier, 'notify'>;
  now: () => Date;
}) {
  const { db } = deps;

  /** The appointment's time, unless it is gone or canceled. */
  async function liveTime(appointmentId: string): Promise<PlannedTime | undefined> {
    const [row] = await db
      .select({
        id: appointments.id,
        organizationId: appointments.organizationId,
        startTime: appointments.startTime,
        sequence: appointments.sequence,
        canceled: appointments.canceled,
      })
      .from(appointments)
      .where(eq(appointments.id, appointmentId));
    return row && !row.canceled ? row : undefined;
  }
  const emails = createAppointmentEmails({ repo: createAppointmentsRepository(db), now: deps.now });

  /** The job: sends the reminder if its appointment is still booked at that time, else marks it skipped. */
  async function run(data: { reminderId: string }): Promise<'sent' | 'skipped' | 'done'> {
    const [row] = await db
      .select({
        id: appointmentReminders.id,
        sequence: appointmentReminders.sequence,
        startTime: appointmentReminders.startTime,
        sentAt: appointmentReminders.sentAt,
        skippedAt: appointmentReminders.skippedAt,
        appointmentId: appointments.id,
        patientId: appointments.patientId,
        organizationId: appointments.organizationId,
        live: appointments.canceled,
        currentSequence: appointments.sequence,
        currentStart: appointments.startTime,
        timeZone: appointments.timeZone,
      })
      .from(appointmentReminders)
      .innerJoin(appointments, eq(appointments.id, appointmentReminders.appointmentId))
      .where(eq(appointmentReminders.id, data.reminderId));
    if (!row || row.sentAt || row.skippedAt) return 'done';
    const at = deps.now();
    const stale =
      row.live ||
      row.currentSequence !== row.sequence ||
      row.currentStart.getTime() !== row.startTime.getTime() ||
      row.startTime <= at;
    // Claimed before anything goes out: a retried or doubled job finds it taken and sends nothing.
    const claimed = await db
      .update(appointmentReminders)
      .set(stale ? { skippedAt: at } : { sentAt: at })
      .where(
        and(
          eq(appointmentReminders.id, row.id),
          isNull(appointmentReminders.sentAt),
          isNull(appointmentReminders.skippedAt),
        ),
      )
      .returning({ id: appointmentReminders.id });
    if (claimed.length === 0) return 'done';
    if (stale) return 'skipped';
    const when = formatCallTime(row.startTime, row.timeZone ?? DEFAULT_APPOINTMENT_TIME_ZONE);
    // The reminder is claimed already: an e-mail that cannot be made must not lose it (the neutral one goes).
    await deps.notifier.notify(row.patientId, row.organizationId, {
      category: 'appointments',
      message: `Reminder: your appointment is on ${when}.`,
      data: { type: 'other', appointmentId: row.appointmentId },
      email: emails.emailOf(row.appointmentId, { kind: 'reminder' }),
    });
    return 'sent';
  }

  return {
    /** Plans the reminders of the appointment's current time that are still ahead. */
    async plan(appointment: string | PlannedTime): Promise<void> {
      const row = typeof appointment === 'string' ? await liveTime(appointment) : appointment;
      if (!row) return;
      const due = remindersOf(row, deps.now());
      if (due.length === 0) return;
      // A reminder already planned for this time and sequence is kept.
      await db.insert(appointmentReminders).values(due).onConflictDoNothing();
    },

    /**
     * Sends (or skips) every reminder due by now, oldest first, at most `limit` per sweep (the next sweep takes
     * the rest); answers how many it handled. Each is claimed before anything goes out, so two sweeps (or a
     * sweep and a job of the former queue) never send one twice.
     */
    async sweep(limit = 200): Promise<number> {
      const due = await db
        .select({ id: appointmentReminders.id })
        .from(appointmentReminders)
        .where(
          and(
            isNull(appointmentReminders.sentAt),
            isNull(appointmentReminders.skippedAt),
            lte(appointmentReminders.dueAt, deps.now()),
          ),
        )
        .orderBy(asc(appointmentReminders.dueAt))
        .limit(limit);
      // One that fails does not hold up the others; the sweep then fails, to be retried, and the next one
      // finds what is still due.
      const failures: unknown[] = [];
      for (const { id } of due) await run({ reminderId: id }).catch((error: unknown) => failures.push(error));
      if (failures.length > 0) throw failures[0];
      return due.length;
    },

    run,
  };
}
export type AppointmentReminders = ReturnType<typeof createAppointmentReminders>;
