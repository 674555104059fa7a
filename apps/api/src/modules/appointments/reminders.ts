import { DEFAULT_APPOINTMENT_TIME_ZONE, formatCallTime } from '@portal/domain/scheduling/format-slot';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { appointmentReminders, appointments, type ReminderKind } from '../../db/schema/appointments';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { Notifier } from '../notifications/notifier';
import type { OrganizationsRepository } from '../organizations/organizations.repository';
import { createAppointmentEmails } from './appointment-mail';
import { createAppointmentsRepository } from './appointments.repository';

export const APPOINTMENT_REMINDER_QUEUE = 'appointment-reminder';

/** How long before the start each reminder goes out. */
export const REMINDER_OFFSETS: Record<ReminderKind, number> = {
  'day-before': 24 * 60,
  'hour-before': 60,
};

/**
 * Reminders of appointments (decision 043): planned as jobs when a time is booked or moved, one row per kind
 * and version (sequence) of the time. The job checks when it runs that the appointment is still live at that
 * version and time: a reminder for a canceled or superseded time is skipped, never sent. It goes out as a
 * portal notification and by e-mail or text message as the patient chose for appointments; the e-mail gives
 * the time in the patient's zone (without `organizations`, the neutral notice goes instead).
 */
/** A live appointment's time as just written: planning from it needs no read. */
export type PlannedTime = { id: string; organizationId: string; startTime: Date; sequence: number };

export function createAppointmentReminders(deps: {
  db: Db;
  jobs: Pick<JobQueue, 'sendAll'>;
  notifier: Pick<Notifier, 'notify'>;
  now: () => Date;
  organizations?: Pick<OrganizationsRepository, 'findById'>;
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
  const emails =
    deps.organizations &&
    createAppointmentEmails({
      repo: createAppointmentsRepository(db),
      organizations: deps.organizations,
      now: deps.now,
    });

  return {
    /** Plans the reminders of the appointment's current time that are still ahead. */
    async plan(appointment: string | PlannedTime): Promise<void> {
      const row = typeof appointment === 'string' ? await liveTime(appointment) : appointment;
      if (!row) return;
      const at = deps.now();
      const due = (Object.entries(REMINDER_OFFSETS) as [ReminderKind, number][])
        .map(([kind, minutes]) => ({
          id: newId(),
          appointmentId: row.id,
          kind,
          sequence: row.sequence,
          startTime: row.startTime,
          dueAt: new Date(row.startTime.getTime() - minutes * 60_000),
        }))
        .filter((r) => r.dueAt > at);
      if (due.length === 0) return;
      // One statement for all of them; a reminder already planned for this time and sequence is kept.
      const inserted = await db
        .insert(appointmentReminders)
        .values(due)
        .onConflictDoNothing()
        .returning({ id: appointmentReminders.id, dueAt: appointmentReminders.dueAt });
      await deps.jobs.sendAll(
        APPOINTMENT_REMINDER_QUEUE,
        inserted.map((reminder) => ({
          data: { reminderId: reminder.id, organizationId: row.organizationId },
          options: {
            singletonKey: reminder.id,
            startAfter: reminder.dueAt,
            retryLimit: 3,
            retryDelaySeconds: 60,
          },
        })),
      );
    },

    /** The job: sends the reminder if its appointment is still booked at that time, else marks it skipped. */
    async run(data: { reminderId: string }): Promise<'sent' | 'skipped' | 'done'> {
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
      const email = await emails?.emailOf(row.appointmentId, { kind: 'reminder' }).catch(() => undefined);
      await deps.notifier.notify(row.patientId, row.organizationId, {
        category: 'appointments',
        message: `Reminder: your appointment is on ${when}.`,
        data: { type: 'other', appointmentId: row.appointmentId },
        ...(email ? { email } : {}),
      });
      return 'sent';
    },
  };
}
export type AppointmentReminders = ReturnType<typeof createAppointmentReminders>;
