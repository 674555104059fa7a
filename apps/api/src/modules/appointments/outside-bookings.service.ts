import { DEFAULT_APPOINTMENT_TIME_ZONE, formatCallTime } from '@portal/domain/scheduling/format-slot';
import { isKnownTimeZone } from '@portal/domain/scheduling/zoned-time';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../db/ids';
import type { EventTypeKind } from '../../db/schema/appointments';
import { describeError } from '../../platform/log-safe';
import type { OutsideBooking, OutsideEvent, OutsideProvider } from '../../platform/scheduling/outside-event';
import type { Notifier } from '../notifications/notifier';
import type { OutsideBookingQueries, OutsideBookingsRepository } from './outside-bookings.repository';
import type { AppointmentReminders } from './reminders';

export type Applied =
  | {
      outcome: 'booked' | 'moved' | 'canceled' | 'unchanged';
      appointmentId: string;
      patientId: string;
      organizationId: string;
    }
  | { outcome: 'replayed' | 'unmatched' | 'ignored' };

/** Who the booking is for, once the portal has decided it (the portal's own Cal.com booking knows it already). */
type Owner = {
  patientId: string;
  organizationId: string;
  physicianId: string | null;
  kind: EventTypeKind;
  bookedBy: string;
  subscriptionId?: string | null;
};

const sameEmail = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());

/**
 * Bookings made at an outside scheduler, written into the same appointments as the portal's own (decision
 * 047). Each webhook delivery is recorded in scheduling_webhook_events in the transaction that applies it, so
 * a replay changes nothing; a booking is keyed by its id at the scheduler (appointments.uuid), so a second
 * delivery of the same booking under another delivery id changes nothing either. A reschedule moves the
 * appointment it replaces (same id, sequence + 1) and a cancellation marks it canceled; reminders are planned
 * after each booking or move exactly as for the portal's own, and skip a moved or canceled time the same way.
 */
export function createOutsideBookings(deps: {
  repo: OutsideBookingsRepository;
  notifier: Pick<Notifier, 'store' | 'deliver'>;
  reminders?: Pick<AppointmentReminders, 'plan'>;
  now: () => Date;
}) {
  const { repo, notifier } = deps;

  /** The patient and clinic of a booking the portal did not make itself, or undefined. */
  async function ownerOf(q: OutsideBookingQueries, b: OutsideBooking): Promise<Owner | undefined> {
    // The id the portal put on the link counts only with the patient's own e-mail: the patient can edit a
    // link, not who they are at the scheduler, so no booking lands in another patient's account.
    const hinted = b.patientId ? await q.patientById(b.patientId) : undefined;
    const trusted =
      hinted &&
      sameEmail(hinted.email, b.attendeeEmail) &&
      (!b.organizationId || b.organizationId === hinted.organizationId)
        ? hinted
        : undefined;
    const organizers = b.organizerEmail ? await q.physiciansByEmail(b.organizerEmail) : [];
    const organizationId =
      trusted?.organizationId ??
      b.organizationId ??
      hinted?.organizationId ??
      (organizers.length === 1 ? organizers[0]!.organizationId : undefined);
    if (!organizationId) return undefined;
    const patientId =
      trusted?.id ?? (b.attendeeEmail ? await q.patientByEmail(organizationId, b.attendeeEmail) : undefined);
    if (!patientId) return undefined;
    const physicianId =
      (b.physicianId ? await q.physicianById(b.physicianId, organizationId) : undefined) ??
      organizers.find((p) => p.organizationId === organizationId)?.id ??
      null;
    // A subscription named on the link counts only when it is this patient's own.
    const subscriptionId =
      b.subscriptionId && (await q.ownSubscription(b.subscriptionId, patientId, organizationId))
        ? b.subscriptionId
        : null;
    return {
      patientId,
      organizationId,
      physicianId,
      kind: b.kind ?? 'follow-up',
      bookedBy: patientId,
      subscriptionId,
    };
  }

  async function insert(
    q: OutsideBookingQueries,
    provider: OutsideProvider,
    b: OutsideBooking,
    owner: Owner,
  ): Promise<Applied> {
    const id = newId();
    const timeZone = b.attendeeTimeZone && isKnownTimeZone(b.attendeeTimeZone) ? b.attendeeTimeZone : null;
    const values = {
      id,
      patientId: owner.patientId,
      physicianId: owner.physicianId,
      organizationId: owner.organizationId,
      subscriptionId: owner.subscriptionId ?? null,
      name: b.title?.slice(0, 200) || 'Appointment',
      startTime: b.start,
      endTime: b.end,
      location: b.location,
      externalSource: provider,
      uuid: b.uuid,
      externalEventId: b.externalEventId ?? null,
      rescheduleUrl: b.rescheduleUrl ?? null,
      eventTypeKind: owner.kind,
      timeZone,
      bookedBy: owner.bookedBy,
    };
    // The scheduler has already booked it: when the portal's calendar holds the physician at that time too,
    // the patient still gets the appointment, without the physician (the clinic sees it unassigned).
    let result = await q.insert(values);
    if (result === 'taken') result = await q.insert({ ...values, physicianId: null });
    if (result === 'exists') {
      // Written meanwhile by a delivery under another id, or by the portal's own booking call.
      const known = (await q.byUuid(b.uuid))!;
      return {
        outcome: 'unchanged',
        appointmentId: known.id,
        patientId: known.patientId,
        organizationId: known.organizationId,
      };
    }
    // The retention offer's free consultation, as the portal's own booking records it.
    if (owner.kind === 'consultation' && owner.subscriptionId)
      await q.recordFreeConsultation(owner.subscriptionId, b.start);
    const when = formatCallTime(b.start, timeZone ?? DEFAULT_APPOINTMENT_TIME_ZONE);
    await q.storeNotice(notifier, { id, ...owner }, `Your appointment is booked for ${when}.`);
    return {
      outcome: 'booked',
      appointmentId: id,
      patientId: owner.patientId,
      organizationId: owner.organizationId,
    };
  }

  async function afterCommit(applied: Applied, log?: FastifyBaseLogger): Promise<Applied> {
    if (applied.outcome !== 'booked' && applied.outcome !== 'moved') return applied;
    notifier.deliver(applied.patientId, { category: 'appointments' });
    // A reminder that cannot be planned never undoes the booking.
    await deps.reminders
      ?.plan(applied.appointmentId)
      .catch((error: unknown) =>
        log?.error({ err: describeError(error) }, 'appointment reminders could not be planned'),
      );
    return applied;
  }

  async function applyBooked(
    q: OutsideBookingQueries,
    provider: OutsideProvider,
    deliveryId: string,
    event: Extract<OutsideEvent, { type: 'booked' }>,
  ): Promise<Applied> {
    const b = event.booking;
    const replaced = event.replaces ? await q.byUuid(event.replaces) : undefined;
    if (replaced && !replaced.canceled && event.replaces !== b.uuid) {
      await q.linkDelivery(deliveryId, replaced.id);
      const to = {
        uuid: b.uuid,
        start: b.start,
        end: b.end,
        location: b.location,
        at: deps.now(),
        ...(b.rescheduleUrl !== undefined ? { rescheduleUrl: b.rescheduleUrl } : {}),
        ...(b.externalEventId !== undefined ? { externalEventId: b.externalEventId } : {}),
      };
      // As for a new booking: the scheduler has moved it, so it moves, unassigned if the physician is held.
      if (!(await q.move(replaced.id, to))) await q.move(replaced.id, { ...to, unassign: true });
      const when = formatCallTime(b.start, replaced.timeZone ?? DEFAULT_APPOINTMENT_TIME_ZONE);
      await q.storeNotice(notifier, replaced, `Your appointment is moved to ${when}.`);
      return {
        outcome: 'moved',
        appointmentId: replaced.id,
        patientId: replaced.patientId,
        organizationId: replaced.organizationId,
      };
    }
    const known = await q.byUuid(b.uuid);
    if (known) {
      await q.linkDelivery(deliveryId, known.id);
      return {
        outcome: 'unchanged',
        appointmentId: known.id,
        patientId: known.patientId,
        organizationId: known.organizationId,
      };
    }
    const owner = await ownerOf(q, b);
    if (!owner) return { outcome: 'unmatched' };
    const written = await insert(q, provider, b, owner);
    if ('appointmentId' in written) await q.linkDelivery(deliveryId, written.appointmentId);
    return written;
  }

  return {
    /** The physician a booking names, else the one whose account has the host's e-mail, in the clinic. */
    async physicianOf(
      organizationId: string,
      physicianId: string | undefined,
      hostEmail: string | null,
    ): Promise<string | null> {
      const named = physicianId ? await repo.physicianById(physicianId, organizationId) : undefined;
      if (named) return named;
      const hosts = hostEmail ? await repo.physiciansByEmail(hostEmail) : [];
      return hosts.find((p) => p.organizationId === organizationId)?.id ?? null;
    },

    /** Applies one verified webhook delivery. */
    async apply(provider: OutsideProvider, event: OutsideEvent, log?: FastifyBaseLogger): Promise<Applied> {
      if (event.type === 'ignored') return { outcome: 'ignored' };
      const applied = await repo.transaction(async (q): Promise<Applied> => {
        const deliveryId = await q.recordDelivery(provider, event.eventId);
        if (!deliveryId) return { outcome: 'replayed' };
        if (event.type === 'booked') return applyBooked(q, provider, deliveryId, event);
        // A reschedule's cancellation: the booking that replaces it moves the appointment instead.
        if (event.rescheduled) return { outcome: 'ignored' };
        const row = await q.byUuid(event.uuid);
        if (!row) return { outcome: 'unmatched' };
        await q.linkDelivery(deliveryId, row.id);
        if (!row.canceled) await q.cancel(row.id, deps.now());
        return {
          outcome: row.canceled ? 'unchanged' : 'canceled',
          appointmentId: row.id,
          patientId: row.patientId,
          organizationId: row.organizationId,
        };
      });
      return afterCommit(applied, log);
    },

    /** Moves an appointment to the booking the scheduler made when the portal asked it to reschedule. */
    async moveOwn(
      appointment: { id: string; patientId: string; organizationId: string; timeZone: string | null },
      booking: { uuid: string; start: Date; end: Date; location: string | null },
      log?: FastifyBaseLogger,
    ): Promise<void> {
      const to = { ...booking, at: deps.now() };
      await repo.transaction(async (q) => {
        if (!(await q.move(appointment.id, to))) await q.move(appointment.id, { ...to, unassign: true });
        const when = formatCallTime(booking.start, appointment.timeZone ?? DEFAULT_APPOINTMENT_TIME_ZONE);
        await q.storeNotice(notifier, appointment, `Your appointment is moved to ${when}.`);
      });
      await afterCommit(
        {
          outcome: 'moved',
          appointmentId: appointment.id,
          patientId: appointment.patientId,
          organizationId: appointment.organizationId,
        },
        log,
      );
    },

    /** Writes a booking the portal itself made at the scheduler (its webhook, arriving later, changes nothing). */
    async recordOwnBooking(
      provider: OutsideProvider,
      booking: OutsideBooking,
      owner: Owner,
      log?: FastifyBaseLogger,
    ): Promise<string> {
      const applied = await repo.transaction(async (q): Promise<Applied> => {
        const known = await q.byUuid(booking.uuid);
        if (known)
          return {
            outcome: 'unchanged',
            appointmentId: known.id,
            patientId: known.patientId,
            organizationId: known.organizationId,
          };
        return insert(q, provider, booking, owner);
      });
      await afterCommit(applied, log);
      return (applied as { appointmentId: string }).appointmentId;
    },
  };
}
export type OutsideBookings = ReturnType<typeof createOutsideBookings>;
