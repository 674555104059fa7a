import { DEFAULT_APPOINTMENT_TIME_ZONE, formatCallTime } from '@portal/domain/scheduling/format-slot';
import type { FastifyBaseLogger } from 'fastify';
import { describeError } from '../../platform/log-safe';
import { brandOf, type NotificationEmail, type Notifier, type Recipient } from '../notifications/notifier';
import {
  renderBookingEmail,
  renderCancellationEmail,
  renderInvitation,
  renderReminderEmail,
  renderRescheduleEmail,
} from './appointment-email';
import type { AppointmentRow, AppointmentsRepository } from './appointments.repository';

/** What happened to the appointment; the e-mail and its invitation follow. */
export type AppointmentChange =
  | { kind: 'booked' }
  | { kind: 'reminder' }
  | { kind: 'moved'; previousStart: Date }
  | { kind: 'canceled'; clinicMessage?: string | null | undefined };

/** The zone the patient's times are worded in: the one stored with the appointment, else Pacific time. */
export const patientZoneOf = (row: Pick<AppointmentRow, 'timeZone'>) =>
  row.timeZone ?? DEFAULT_APPOINTMENT_TIME_ZONE;

/**
 * The e-mail of the change with its calendar invitation (decision 046), made from the appointment as it now
 * stands (its current sequence is the invitation's) for the patient as the notifier read them: their name
 * and address, and their clinic's name, address and support e-mail.
 */
export function appointmentEmail(
  row: AppointmentRow,
  change: AppointmentChange,
  to: Recipient,
  stamp: Date,
): NotificationEmail {
  const timeZone = patientZoneOf(row);
  const base = {
    brand: brandOf(to),
    firstName: to.firstName,
    link: `${to.appUrl.replace(/\/$/, '')}/dashboard/${row.patientId}/appointments`,
    supportEmail: to.settings.support_email,
  };
  const when = formatCallTime(row.startTime, timeZone, { withYear: true });
  if (change.kind === 'reminder') return renderReminderEmail({ ...base, when });
  const email =
    change.kind === 'booked'
      ? renderBookingEmail({ ...base, when })
      : change.kind === 'moved'
        ? renderRescheduleEmail({
            ...base,
            when,
            previousWhen: formatCallTime(change.previousStart, timeZone, { withYear: true }),
          })
        : renderCancellationEmail({ ...base, when, clinicMessage: change.clinicMessage });
  const calendar = renderInvitation({
    method: change.kind === 'canceled' ? 'CANCEL' : 'REQUEST',
    appointment: { id: row.id, sequence: row.sequence, start: row.startTime, end: row.endTime },
    brand: base.brand,
    link: base.link,
    supportEmail: base.supportEmail,
    patient: { name: `${to.firstName} ${to.lastName}`.trim(), email: to.email },
    timeZone,
    stamp,
  });
  return { ...email, calendar };
}

/** The appointment e-mails, each made from the appointment as it now stands. */
export function createAppointmentEmails(deps: {
  repo: Pick<AppointmentsRepository, 'find'>;
  now: () => Date;
}) {
  return {
    /**
     * The e-mail of the change, for the notifier to make once it has read the patient (`appointment` is its
     * id, or the row itself when the caller has just written it); undefined when the appointment is gone.
     */
    emailOf(appointment: string | AppointmentRow, change: AppointmentChange) {
      return async (to: Recipient): Promise<NotificationEmail | undefined> => {
        const row = typeof appointment === 'string' ? await deps.repo.find(appointment) : appointment;
        return row && appointmentEmail(row, change, to, deps.now());
      };
    },
  };
}

/**
 * Sends them as the e-mail of the appointments notification, so they go out only as the patient's
 * preferences allow, after the change commits; one the preferences keep back is never made.
 */
export function createAppointmentMail(deps: {
  repo: Pick<AppointmentsRepository, 'find'>;
  notifier: Pick<Notifier, 'deliver'>;
  now: () => Date;
}) {
  const { emailOf } = createAppointmentEmails(deps);
  return {
    /**
     * Sends the e-mail of the change in the background (the notifier's `settled` waits for it). An e-mail
     * that cannot be made is logged and the neutral one goes instead: the patient still hears of the change.
     */
    send(
      appointment: string | AppointmentRow,
      patientId: string,
      change: AppointmentChange,
      log?: FastifyBaseLogger,
      /** The patient as the notifier reads them, when the caller has just read them. */
      to?: Recipient,
    ): void {
      const make = emailOf(appointment, change);
      const email = (to: Recipient) =>
        make(to).catch((error: unknown) => {
          log?.error(
            { err: describeError(error), change: change.kind },
            'appointment e-mail could not be made',
          );
          return undefined;
        });
      deps.notifier.deliver(patientId, { category: 'appointments', email }, to);
    },
  };
}
export type AppointmentMail = ReturnType<typeof createAppointmentMail>;
