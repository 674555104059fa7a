import type {
  Appointment,
  Availability,
  BookAppointmentBody,
  BookableKind,
} from '@portal/domain/contracts/appointment';
import { DEFAULT_APPOINTMENT_TIME_ZONE } from '@portal/domain/scheduling/format-slot';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError, Errors } from '../../platform/errors';
import { type CalcomClient, CalcomError, type CalcomEventTarget } from '../../platform/scheduling/calcom-api';
import type { AppointmentRow, AppointmentsRepository } from './appointments.repository';
import { CALL_NAMES, toAppointment } from './appointments.service';
import type { OutsideBookingsRepository } from './outside-bookings.repository';
import type { OutsideBookings } from './outside-bookings.service';
import {
  type Caller,
  type OutsideScheduling,
  schedulerUnavailable as unavailable,
} from './outside-scheduling';

const slotTaken = () =>
  new ApiError(409, 'SlotTaken', 'This time was just booked by someone else. Please choose another time.');
const notOffered = () =>
  Errors.badRequest(
    'This kind of call cannot be booked here. Please message us to book it.',
    'SlotUnavailable',
  );
const physicianNotOffered = () =>
  Errors.badRequest(
    'This physician’s times cannot be booked here. Please message us to book with them.',
    'SlotUnavailable',
  );

/**
 * Open times and bookings through Cal.com (SCHEDULING_PROVIDER=calcom, decision 047): each kind of call is a
 * Cal.com event type, Cal.com decides which times are open and which host takes the call, and the booking is
 * written into the appointments at once (the BOOKING_CREATED webhook that follows finds it by its uid).
 */
export function createCalcomScheduling(deps: {
  client: CalcomClient;
  eventTypes: Map<string, number>;
  /** The slug of each kind's event type that every physician has as their own (CALCOM_EVENT_TYPES kind:id:slug). */
  eventTypeSlugs?: Map<string, string>;
  /** Each physician's Cal.com username by their staff e-mail in lower case (CALCOM_USERNAMES). */
  usernames?: Map<string, string>;
  organizationSlug?: string | undefined;
  repo: AppointmentsRepository;
  outsideRepo: Pick<OutsideBookingsRepository, 'physicianEmail' | 'bookablePhysician'>;
  outside: OutsideBookings;
  now: () => Date;
}): OutsideScheduling {
  const { client, eventTypes, repo, outside } = deps;

  const eventTypeOf = (kind: string) => {
    const id = eventTypes.get(kind);
    if (id === undefined) throw notOffered();
    return id;
  };

  /**
   * The event type to ask: the clinic's for any physician, or the named physician's own (by the kind's slug and
   * their username). A physician the patient may not book is 404 as with the portal's own calendar; one Cal.com
   * cannot be asked for alone (no username or slug configured) is refused rather than offered anyone's times.
   */
  async function targetOf(
    caller: Caller,
    kind: BookableKind,
    physicianId: string | undefined,
  ): Promise<CalcomEventTarget> {
    const eventTypeId = eventTypeOf(kind);
    if (!physicianId) return { eventTypeId };
    const patient = await repo.patient(caller.userId);
    if (!patient) throw Errors.notFound('The patient');
    // Verification calls and consultations go to physicians licensed in the patient's state; coaching to any.
    const state = kind === 'coaching' ? null : (patient.state ?? null);
    if (!(await deps.outsideRepo.bookablePhysician(physicianId, caller.organizationId, state)))
      throw Errors.notFound('The physician');
    const email = await deps.outsideRepo.physicianEmail(physicianId, caller.organizationId);
    const username = email ? deps.usernames?.get(email.trim().toLowerCase()) : undefined;
    const eventTypeSlug = deps.eventTypeSlugs?.get(kind);
    if (!username || !eventTypeSlug) throw physicianNotOffered();
    return { eventTypeSlug, username, organizationSlug: deps.organizationSlug };
  }

  async function calling<T>(work: () => Promise<T>, log?: FastifyBaseLogger): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof CalcomError)) throw error;
      log?.warn({ status: error.status }, 'cal.com call failed');
      // Cal.com answers 400 or 409 when the slot is no longer open.
      if (error.status === 400 || error.status === 409) throw slotTaken();
      throw unavailable();
    }
  }

  return {
    source: 'calcom',
    async availability(
      caller: Caller,
      query: {
        kind: Availability['kind'];
        from?: string | undefined;
        days: number;
        physician_id?: string | undefined;
      },
      log?: FastifyBaseLogger,
    ): Promise<Availability> {
      const target = await targetOf(caller, query.kind, query.physician_id);
      const at = deps.now();
      const requested = query.from ? new Date(query.from) : at;
      const from = requested < at ? at : requested;
      const end = new Date(requested.getTime() + query.days * 86_400_000);
      const to = end < from ? from : end;
      const slots = await calling(() => client.slots(target, from, to), log);
      const sorted = slots.filter((s) => s.start >= from && s.start < to).sort((a, b) => +a.start - +b.start);
      const first = sorted[0];
      return {
        kind: query.kind,
        slot_minutes: first ? Math.round((first.end.getTime() - first.start.getTime()) / 60_000) : 0,
        from: from.toISOString(),
        to: to.toISOString(),
        slots: sorted.map((s) => ({ start_time: s.start.toISOString(), end_time: s.end.toISOString() })),
      };
    },

    async book(
      caller: Caller,
      body: BookAppointmentBody,
      log: FastifyBaseLogger,
      bookedBy?: string,
    ): Promise<Appointment> {
      const target = await targetOf(caller, body.kind, body.physician_id);
      const start = new Date(body.start_time);
      if (start <= deps.now()) throw notOffered();
      if (
        body.subscription_id &&
        !(await repo.ownSubscription(body.subscription_id, caller.userId, caller.organizationId))
      ) {
        throw Errors.notFound('The subscription');
      }
      const patient = await repo.patient(caller.userId);
      if (!patient) throw Errors.notFound('The patient');
      const booking = await calling(
        () =>
          client.book({
            target,
            start,
            attendee: {
              name: `${patient.firstName} ${patient.lastName}`.trim(),
              email: patient.email,
              timeZone: body.time_zone ?? DEFAULT_APPOINTMENT_TIME_ZONE,
            },
            metadata: {
              patient_id: caller.userId,
              organization_id: caller.organizationId,
              kind: body.kind,
              ...(body.physician_id ? { physician_id: body.physician_id } : {}),
            },
          }),
        log,
      );
      const id = await outside.recordOwnBooking(
        'calcom',
        {
          uuid: booking.uid,
          start: booking.start,
          end: booking.end,
          location: booking.location,
          title: CALL_NAMES[body.kind],
          attendeeEmail: patient.email,
          attendeeTimeZone: body.time_zone ?? null,
          organizerEmail: booking.hostEmail,
          patientId: caller.userId,
          organizationId: caller.organizationId,
          physicianId: body.physician_id ?? null,
          kind: body.kind,
        },
        {
          patientId: caller.userId,
          organizationId: caller.organizationId,
          physicianId: await outside.physicianOf(caller.organizationId, body.physician_id, booking.hostEmail),
          kind: body.kind,
          bookedBy: bookedBy ?? caller.userId,
          subscriptionId: body.subscription_id ?? null,
        },
        log,
      );
      return toAppointment((await repo.find(id))!);
    },

    /** Cancels the booking at Cal.com first: if Cal.com refuses, the portal's record stays as it is. */
    async cancelAt(row: AppointmentRow, reason: string | undefined, log?: FastifyBaseLogger): Promise<void> {
      await calling(() => client.cancel(row.uuid!, reason ?? 'Canceled in the patient portal'), log);
    },

    /** Moves a Cal.com booking at Cal.com, then the appointment to the booking that replaces it. */
    async reschedule(row: AppointmentRow, start: Date, log?: FastifyBaseLogger): Promise<Appointment> {
      const booking = await calling(() => client.reschedule(row.uuid!, start), log);
      await outside.moveOwn(row, { ...booking, uuid: booking.uid }, log);
      return toAppointment((await repo.find(row.id))!);
    },
  };
}
