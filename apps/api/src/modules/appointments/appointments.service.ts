import type {
  Appointment,
  Availability,
  BookAppointmentBody,
  BookableKind,
} from '@portal/domain/contracts/appointment';
import { isObjectId } from '@portal/domain/ids';
import { DEFAULT_APPOINTMENT_TIME_ZONE, formatCallTime } from '@portal/domain/scheduling/format-slot';
import {
  APPOINTMENT_SLOT_MINUTES,
  earliestBookableStart,
  mergeSlots,
  openSlots,
  weeklySlots,
} from '@portal/domain/scheduling/slots';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../db/ids';
import type { EventTypeKind } from '../../db/schema/appointments';
import { ApiError, Errors } from '../../platform/errors';
import { describeError } from '../../platform/log-safe';
import type { NotificationEmail, Notifier } from '../notifications/notifier';
import type { OrganizationsRepository } from '../organizations/organizations.repository';
import { renderBookingEmail } from './appointment-email';
import type { AppointmentRow, AppointmentsRepository, PhysicianRef } from './appointments.repository';

type Caller = { userId: string; organizationId: string };

export const APPOINTMENT_ERRORS = {
  slotTaken: () =>
    new ApiError(409, 'SlotTaken', 'This time was just booked by someone else. Please choose another time.'),
  alreadyBooked: () =>
    new ApiError(
      409,
      'AppointmentAlreadyBooked',
      'You already have an identity verification call booked. You can see or cancel it in your appointments.',
    ),
  overlapping: () =>
    new ApiError(
      409,
      'AppointmentOverlap',
      'You already have a call booked at this time. Please choose another time.',
    ),
  tooSoon: () =>
    Errors.badRequest(
      'This time is no longer available. Please choose a time at least 2 hours from now.',
      'SlotInPast',
    ),
  notOffered: () =>
    Errors.badRequest(
      'This time is not offered. Please choose one of the available times.',
      'SlotUnavailable',
    ),
  started: () =>
    Errors.badRequest(
      'This appointment has already started and can no longer be canceled.',
      'AppointmentStarted',
    ),
};

const CALL_NAMES: Record<BookableKind, string> = {
  'user-verification': 'Identity Verification Call',
  coaching: 'Coaching Session',
  consultation: 'Longevity Consultation',
};
const NOTICE_NAMES: Record<BookableKind, string> = {
  'user-verification': 'identity verification call',
  coaching: 'coaching session',
  consultation: 'free longevity consultation',
};

const slotMs = APPOINTMENT_SLOT_MINUTES * 60_000;

function toAppointment(row: AppointmentRow): Appointment {
  const physicianName =
    row.physicianId && row.physicianFirstName
      ? `${row.physicianFirstName} ${row.physicianLastName ?? ''}`.trim() +
        (row.physicianCredentials ? `, ${row.physicianCredentials}` : '')
      : null;
  return {
    _id: row.id,
    event: {
      name: row.name,
      start_time: row.startTime.toISOString(),
      end_time: row.endTime.toISOString(),
      canceled: row.canceled,
      external_source: row.externalSource,
      uuid: row.uuid,
      location: row.location,
    },
    event_type: { kind: row.eventTypeKind },
    physician: row.physicianId && physicianName ? { _id: row.physicianId, name: physicianName } : null,
    subscription_id: row.subscriptionId,
    created_at: row.createdAt.toISOString(),
  };
}

export function createAppointmentsService(deps: {
  repo: AppointmentsRepository;
  organizations: OrganizationsRepository;
  notifier: Pick<Notifier, 'store' | 'deliver'>;
  now?: () => Date;
}) {
  const { repo, organizations, notifier } = deps;
  const now = deps.now ?? (() => new Date());

  /** Verification calls and consultations go to physicians licensed in the patient's state; coaching to any. */
  async function eligiblePhysicians(caller: Caller, kind: BookableKind): Promise<PhysicianRef[]> {
    const patient = await repo.patient(caller.userId);
    if (!patient) throw Errors.notFound('The patient');
    // Without a state on file (a patient who has not reached the profile step) any physician may verify.
    const state = kind === 'coaching' ? null : patient.state;
    return repo.physicians(caller.organizationId, state ?? null);
  }

  return {
    /** Open slots of the window [from, from + days): any eligible physician free, at least 2 hours ahead. */
    async availability(
      caller: Caller,
      query: { kind: BookableKind; from?: string | undefined; days: number },
    ): Promise<Availability> {
      const at = now();
      const requested = query.from ? new Date(query.from) : at;
      const from = requested < at ? at : requested;
      const to = new Date(requested.getTime() + query.days * 86_400_000);
      const physicians = await eligiblePhysicians(caller, query.kind);
      const ids = physicians.map((p) => p.id);
      const [hours, booked] = await Promise.all([repo.weeklyHours(ids), repo.booked(ids, from, to)]);
      const perPhysician = ids.map((id) =>
        openSlots({
          hours: hours.get(id) ?? [],
          booked: booked.filter((b) => b.physicianId === id),
          from,
          to: to < from ? from : to,
          now: at,
        }),
      );
      return {
        kind: query.kind,
        slot_minutes: APPOINTMENT_SLOT_MINUTES,
        from: from.toISOString(),
        to: (to < from ? from : to).toISOString(),
        slots: mergeSlots(perPhysician).map((s) => ({
          start_time: s.start.toISOString(),
          end_time: s.end.toISOString(),
        })),
      };
    },

    /**
     * Books the slot with the first eligible physician who offers it and is still free. The patient's row
     * and then each physician's row are locked (in id order, so two bookings never wait on each other in a
     * cycle) and the overlap is checked under the lock: of two requests for the last free physician, one
     * books and the other gets 409.
     */
    async book(caller: Caller, body: BookAppointmentBody, log: FastifyBaseLogger): Promise<Appointment> {
      const at = now();
      const start = new Date(body.start_time);
      const end = new Date(start.getTime() + slotMs);
      if (start < earliestBookableStart(at)) throw APPOINTMENT_ERRORS.tooSoon();
      if (
        body.subscription_id &&
        !(await repo.ownSubscription(body.subscription_id, caller.userId, caller.organizationId))
      ) {
        throw Errors.notFound('The subscription');
      }
      const physicians = await eligiblePhysicians(caller, body.kind);
      const hours = await repo.weeklyHours(physicians.map((p) => p.id));
      const offering = physicians.filter((p) =>
        weeklySlots(hours.get(p.id) ?? [], { from: start, to: end }).some(
          (s) => s.start.getTime() === start.getTime(),
        ),
      );
      if (offering.length === 0) throw APPOINTMENT_ERRORS.notOffered();

      const kind: EventTypeKind = body.kind;
      const id = newId();
      const when = formatCallTime(start, body.time_zone ?? DEFAULT_APPOINTMENT_TIME_ZONE);
      await repo.transaction(async (q) => {
        await q.lockPatient(caller.userId);
        const conflict = await q.patientConflict(caller.userId, { start, end }, kind, at);
        if (conflict) {
          throw conflict.eventTypeKind === 'user-verification' && kind === 'user-verification'
            ? APPOINTMENT_ERRORS.alreadyBooked()
            : APPOINTMENT_ERRORS.overlapping();
        }
        for (const physician of offering) {
          if (!(await q.lockPhysician(physician.id))) continue;
          if (await q.physicianBusy(physician.id, start, end)) continue;
          await q.insert({
            id,
            patientId: caller.userId,
            physicianId: physician.id,
            organizationId: caller.organizationId,
            subscriptionId: body.subscription_id ?? null,
            name: CALL_NAMES[body.kind],
            startTime: start,
            endTime: end,
            externalSource: 'portal',
            eventTypeKind: kind,
          });
          // The retention offer's free consultation: its date decides when a cancellation attempt counts.
          if (body.kind === 'consultation' && body.subscription_id)
            await q.recordFreeConsultation(body.subscription_id, start);
          await q.storeNotice(
            notifier,
            caller.userId,
            caller.organizationId,
            `Your ${NOTICE_NAMES[body.kind]} is booked for ${when}.`,
            id,
          );
          return;
        }
        throw APPOINTMENT_ERRORS.slotTaken();
      });

      // After the commit: a slow or failing mail server never holds the booking's locks. The confirmation
      // is the e-mail of the appointments notification, so it follows the patient's preferences.
      void this.confirmationEmail(caller, when)
        .then((email) =>
          notifier.deliver(caller.userId, { category: 'appointments', ...(email ? { email } : {}) }),
        )
        .catch((error: unknown) =>
          log.error({ err: describeError(error) }, 'appointment confirmation e-mail could not be sent'),
        );
      const row = await repo.find(id);
      return toAppointment(row!);
    },

    async confirmationEmail(caller: Caller, when: string): Promise<NotificationEmail | undefined> {
      const [patient, organization] = await Promise.all([
        repo.patient(caller.userId),
        organizations.findById(caller.organizationId),
      ]);
      if (!patient || !organization) return undefined;
      const link = `${organization.app_url.replace(/\/$/, '')}/dashboard/${caller.userId}/appointments`;
      return renderBookingEmail({
        brand: organization.settings.name || organization.name,
        firstName: patient.firstName,
        when,
        link,
        supportEmail: organization.settings.support_email,
      });
    },

    /** The patient's appointments, oldest first; productVariant narrows to a kind or a subscription. */
    async list(patientId: string, productVariant?: string): Promise<Appointment[]> {
      const filter = !productVariant
        ? {}
        : isObjectId(productVariant)
          ? { subscriptionId: productVariant }
          : { kind: productVariant as EventTypeKind };
      return (await repo.listOf(patientId, filter)).map(toAppointment);
    },

    /** Cancels the caller's own appointment before it starts; canceling twice answers the same record. */
    async cancel(caller: Caller, appointmentId: string): Promise<Appointment> {
      const row = await repo.find(appointmentId);
      if (!row || row.patientId !== caller.userId) throw Errors.notFound('The appointment');
      if (!row.canceled) {
        if (row.startTime <= now()) throw APPOINTMENT_ERRORS.started();
        await repo.cancel(appointmentId, caller.userId, now());
      }
      return toAppointment((await repo.find(appointmentId))!);
    },
  };
}
export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
