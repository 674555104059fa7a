import { DEFAULT_APPOINTMENT_TIME_ZONE, formatCallTime } from '@portal/domain/scheduling/format-slot';
import type { FastifyBaseLogger } from 'fastify';
import { describeError } from '../../platform/log-safe';
import type { NotificationEmail, Notifier } from '../notifications/notifier';
import type { OrganizationsRepository } from '../organizations/organizations.repository';
import {
  renderBookingEmail,
  renderCancellationEmail,
  renderInvitation,
  renderReminderEmail,
  renderRescheduleEmail,
} from './appointment-email';
import type { AppointmentRow, AppointmentsRepository } from './appointments.repository';

/** What happened to the appointment; the e-mail and its invitation follow. */
/** Whom the e-mail greets and invites. */
type AppointmentPatient = { email: string; firstName: string; lastName: string };

export type AppointmentChange =
  | { kind: 'booked' }
  | { kind: 'reminder' }
  | { kind: 'moved'; previousStart: Date }
  | { kind: 'canceled'; clinicMessage?: string | null | undefined };

/** The zone the patient's times are worded in: the one stored with the appointment, else Pacific time. */
export const patientZoneOf = (row: Pick<AppointmentRow, 'timeZone'>) =>
  row.timeZone ?? DEFAULT_APPOINTMENT_TIME_ZONE;

/**
 * The appointment e-mails with their calendar invitation (decision 046), made from the appointment as it now
 * stands: its current sequence is the invitation's.
 */
export function createAppointmentEmails(deps: {
  repo: Pick<AppointmentsRepository, 'find' | 'patient'>;
  organizations: Pick<OrganizationsRepository, 'findById'>;
  now: () => Date;
}) {
  /**
   * `appointment` is its id, or the row itself when the caller has just written it; `known`, the patient when
   * the caller has just read them.
   */
  async function emailOf(
    appointment: string | AppointmentRow,
    change: AppointmentChange,
    known?: AppointmentPatient,
  ): Promise<NotificationEmail | undefined> {
    const row = typeof appointment === 'string' ? await deps.repo.find(appointment) : appointment;
    if (!row) return undefined;
    const [patient, organization] = await Promise.all([
      known ?? deps.repo.patient(row.patientId),
      deps.organizations.findById(row.organizationId),
    ]);
    if (!patient || !organization) return undefined;
    const timeZone = patientZoneOf(row);
    const base = {
      brand: organization.settings.name || organization.name,
      firstName: patient.firstName,
      link: `${organization.app_url.replace(/\/$/, '')}/dashboard/${row.patientId}/appointments`,
      supportEmail: organization.settings.support_email,
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
      patient: { name: `${patient.firstName} ${patient.lastName}`.trim(), email: patient.email },
      timeZone,
      stamp: deps.now(),
    });
    return { ...email, calendar };
  }

  return {
    /** The e-mail of the change; undefined when the appointment, its patient or clinic is gone. */
    emailOf,
  };
}

/**
 * Sends them as the e-mail of the appointments notification, so they go out only as the patient's
 * preferences allow, after the change commits.
 */
export function createAppointmentMail(deps: {
  repo: Pick<AppointmentsRepository, 'find' | 'patient'>;
  organizations: Pick<OrganizationsRepository, 'findById'>;
  notifier: Pick<Notifier, 'deliver'>;
  now: () => Date;
}) {
  const emails = createAppointmentEmails(deps);
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
      patient?: AppointmentPatient,
    ): void {
      const email = emails.emailOf(appointment, change, patient).catch((error: unknown) => {
        log?.error(
          { err: describeError(error), change: change.kind },
          'appointment e-mail could not be made',
        );
        return undefined;
      });
      deps.notifier.deliver(patientId, { category: 'appointments', email });
    },
  };
}
export type AppointmentMail = ReturnType<typeof createAppointmentMail>;
