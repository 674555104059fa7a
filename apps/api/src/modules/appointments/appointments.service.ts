import type {
  Appointment,
  Availability,
  BookAppointmentBody,
  BookableKind,
} from '@portal/domain/contracts/appointment';
import { isObjectId } from '@portal/domain/ids';
import { defaultAppointmentRules } from '@portal/domain/scheduling/appointment-types';
import {
  type AppointmentTypeRules,
  blockedRange,
  bookableWindow,
  isOpenSlot,
  openSlotsOf,
  rangesOverlap,
  type Schedule,
} from '@portal/domain/scheduling/availability';
import { DEFAULT_APPOINTMENT_TIME_ZONE, formatCallTime } from '@portal/domain/scheduling/format-slot';
import { mergeSlots } from '@portal/domain/scheduling/slots';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../db/ids';
import type { EventTypeKind } from '../../db/schema/appointments';
import { ApiError, Errors } from '../../platform/errors';
import { describeError } from '../../platform/log-safe';
import type { Notifier } from '../notifications/notifier';
import { createAppointmentMail, patientZoneOf } from './appointment-mail';
import type { AppointmentRow, AppointmentsRepository } from './appointments.repository';
import type { OutsideScheduling } from './outside-scheduling';
import { type AppointmentReminders, remindersOf } from './reminders';
import { createSlotGrids } from './slot-grids';

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
  startedMove: () =>
    Errors.badRequest(
      'This appointment has already started and can no longer be rescheduled.',
      'AppointmentStarted',
    ),
  canceled: () =>
    Errors.badRequest('This appointment was canceled. Please book a new one.', 'AppointmentCanceled'),
  tooFar: () =>
    Errors.badRequest(
      'This time is too far ahead. Please choose one of the available times.',
      'SlotUnavailable',
    ),
};

export const CALL_NAMES: Record<BookableKind, string> = {
  'user-verification': 'Identity Verification Call',
  coaching: 'Coaching Session',
  consultation: 'Longevity Consultation',
};
const NOTICE_NAMES: Record<BookableKind, string> = {
  'user-verification': 'identity verification call',
  coaching: 'coaching session',
  consultation: 'free longevity consultation',
};

const MINUTE = 60_000;

/** A stable place in a list of `length` for a patient (FNV-1a of the id). */
function roundRobinStart(patientId: string, length: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < patientId.length; i++) hash = Math.imul(hash ^ patientId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % length;
}

export function toAppointment(row: AppointmentRow): Appointment {
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
    room_link: row.physicianRoomLink ?? row.location,
    sequence: row.sequence,
    reschedule_url: row.rescheduleUrl ?? null,
  };
}

export function createAppointmentsService(deps: {
  repo: AppointmentsRepository;
  notifier: Pick<Notifier, 'store' | 'deliver'>;
  now?: () => Date;
  /** Plans reminders of a booked or moved time (after the commit). */
  reminders?: Pick<AppointmentReminders, 'plan'>;
  /** Cal.com or Calendly, when it keeps the calendars (decision 047): it answers open times and bookings. */
  outside?: OutsideScheduling;
}) {
  const { repo, notifier } = deps;
  const now = deps.now ?? (() => new Date());
  const grids = createSlotGrids();
  const mail = createAppointmentMail({ repo, notifier, now });

  /**
   * The calendar of a kind of call for the caller, in one read: verification calls and consultations go to
   * physicians licensed in the patient's state, coaching to any; `physicianId` narrows to one of them.
   */
  async function calendarOf(
    caller: Caller,
    kind: BookableKind,
    from: Date,
    to: Date,
    options: {
      physicianId?: string | undefined;
      subscriptionId?: string | undefined;
      withLastTimeZone?: boolean;
      withRecipient?: boolean;
    },
  ) {
    const read = await repo.calendar({
      patientId: caller.userId,
      organizationId: caller.organizationId,
      kind,
      // Without a state on file (a patient who has not reached the profile step) any physician may verify.
      licensedOnly: kind !== 'coaching',
      physicianId: options.physicianId,
      subscriptionId: options.subscriptionId,
      withLastTimeZone: options.withLastTimeZone ?? false,
      withRecipient: options.withRecipient ?? false,
      from,
      to,
    });
    if (!read.patient) throw Errors.notFound('The patient');
    if (options.physicianId && read.physicians.length === 0) throw Errors.notFound('The physician');
    return { ...read, patient: read.patient, rules: read.rules ?? defaultAppointmentRules(kind) };
  }

  async function rulesFor(organizationId: string, kind: EventTypeKind): Promise<AppointmentTypeRules> {
    return (await repo.typeRules(organizationId, kind)) ?? defaultAppointmentRules(kind);
  }

  /** Refuses a start the kind's notice or horizon rules out (before asking the calendar). */
  function checkWindow(start: Date, rules: AppointmentTypeRules, at: Date) {
    const window = bookableWindow(at, rules);
    if (start < window.from) throw APPOINTMENT_ERRORS.tooSoon();
    if (start >= window.to) throw APPOINTMENT_ERRORS.tooFar();
  }

  return {
    /**
     * Open slots of the window [from, from + days) under the kind's rules (duration, buffers, notice, horizon):
     * any eligible physician free, or only `physician_id`.
     */
    async availability(
      caller: Caller,
      query: {
        kind: BookableKind;
        from?: string | undefined;
        days: number;
        physician_id?: string | undefined;
        subscription_id?: string | undefined;
      },
    ): Promise<Availability> {
      const outsideAnswer = deps.outside && (await deps.outside.availability(caller, query));
      if (outsideAnswer) return outsideAnswer;
      const at = now();
      const requested = query.from ? new Date(query.from) : at;
      const from = requested < at ? at : requested;
      const end = new Date(requested.getTime() + query.days * 86_400_000);
      const to = end < from ? from : end;
      const calendar = await calendarOf(caller, query.kind, from, to, { physicianId: query.physician_id });
      const { rules } = calendar;
      const perPhysician = calendar.physicians.map((p) =>
        openSlotsOf(grids.keyed(p.hours, p.schedule as () => Schedule, rules, from, to), {
          rules,
          busy: p.booked,
          now: at,
          from,
          to,
        }),
      );
      return {
        kind: query.kind,
        slot_minutes: rules.durationMinutes,
        from: from.toISOString(),
        to: to.toISOString(),
        slots: mergeSlots(perPhysician).map((s) => ({
          start_time: s.start.toISOString(),
          end_time: s.end.toISOString(),
        })),
      };
    },

    /**
     * Books the slot with the first eligible physician who offers it and is still free. The patient's own
     * overlap is checked under the lock of their row; the physician's, by the exclusion constraint over their
     * booked ranges: of two requests for the last free physician, one books and the other gets 409.
     */
    async book(
      caller: Caller,
      body: BookAppointmentBody,
      log: FastifyBaseLogger,
      bookedBy?: string,
    ): Promise<Appointment> {
      const outsideBooked = deps.outside && (await deps.outside.book(caller, body, log, bookedBy));
      if (outsideBooked) return outsideBooked;
      const at = now();
      const start = new Date(body.start_time);
      // The window's rules need the kind's duration: the calendar is read around the start (a day each side
      // covers any duration and buffers) and the blocked range is judged after.
      const calendar = await calendarOf(
        caller,
        body.kind,
        new Date(start.getTime() - 86_400_000),
        new Date(start.getTime() + 86_400_000),
        {
          physicianId: body.physician_id,
          subscriptionId: body.subscription_id,
          withLastTimeZone: body.time_zone === undefined,
          withRecipient: true,
        },
      );
      // Judged in order: the first rule broken is the one the patient hears of.
      const { rules } = calendar;
      const end = new Date(start.getTime() + rules.durationMinutes * MINUTE);
      checkWindow(start, rules, at);
      if (!calendar.ownsSubscription) throw Errors.notFound('The subscription');
      const blocked = blockedRange(start, rules);
      // Offered by the physician's hours (the window rules were checked above); whether it is still free is
      // decided under the transaction. Those free at the last read are tried first.
      const offering = calendar.physicians.filter((p) =>
        grids
          .keyed(p.hours, p.schedule as () => Schedule, rules, start, end)
          .some((s) => s.start.getTime() === start.getTime()),
      );
      if (offering.length === 0) throw APPOINTMENT_ERRORS.notOffered();
      const freeAtRead = new Set(
        offering.filter((p) => !p.booked.some((b) => rangesOverlap(blocked, b))).map((p) => p.id),
      );
      // Round robin among the free: each patient starts at a place of their own in the list, so patients booking
      // the same time do not all race for its first physician, and "any physician" spreads the clinic's load.
      const turn = offering.length > 1 ? roundRobinStart(caller.userId, offering.length) : 0;
      const rotated = [...offering.slice(turn), ...offering.slice(0, turn)];
      rotated.sort((a, b) => Number(!freeAtRead.has(a.id)) - Number(!freeAtRead.has(b.id)));

      const kind: EventTypeKind = body.kind;
      const id = newId();
      // The patient's zone words every message of the appointment; a clinic booking on their behalf without
      // one takes the zone of the patient's own last booking.
      const timeZone = body.time_zone ?? calendar.lastTimeZone ?? null;
      const when = formatCallTime(start, timeZone ?? DEFAULT_APPOINTMENT_TIME_ZONE);
      const values = {
        id,
        patientId: caller.userId,
        organizationId: caller.organizationId,
        subscriptionId: body.subscription_id ?? null,
        name: CALL_NAMES[body.kind],
        startTime: start,
        endTime: end,
        timeZone,
        externalSource: 'portal',
        eventTypeKind: kind,
      };
      // Each attempt is a transaction of its own, sent in one round trip: the patient's lock, then the booking.
      const bookFirstFree = async (): Promise<AppointmentRow> => {
        for (const physician of rotated) {
          // One busy at the last read is asked again first; for the others the exclusion constraint is the
          // only word needed: of two bookings racing for the physician's time, the database refuses the
          // second, and the next physician is tried.
          if (
            !freeAtRead.has(physician.id) &&
            (await repo.physicianBusy(physician.id, blocked.start, blocked.end))
          )
            continue;
          const made = await repo.bookUnlessTaken({
            values: {
              ...values,
              physicianId: physician.id,
              blockedStart: blocked.start,
              blockedEnd: blocked.end,
              bookedBy: bookedBy ?? caller.userId,
            },
            now: at,
            notice: { id: newId(), message: `Your ${NOTICE_NAMES[body.kind]} is booked for ${when}.` },
            reminders: remindersOf({ id, startTime: start, sequence: 0 }, at),
            // The retention offer's free consultation: its date decides when a cancellation attempt counts.
            freeConsultationOf: body.kind === 'consultation' ? body.subscription_id : null,
          });
          if (made.conflict) {
            throw made.conflict === 'user-verification' && kind === 'user-verification'
              ? APPOINTMENT_ERRORS.alreadyBooked()
              : APPOINTMENT_ERRORS.overlapping();
          }
          if (!made.createdAt) continue;
          // the row as written, so neither the answer nor the e-mail reads it back
          return {
            ...values,
            physicianId: physician.id,
            canceled: false,
            location: null,
            uuid: null,
            createdAt: made.createdAt,
            sequence: 0,
            physicianFirstName: physician.firstName,
            physicianLastName: physician.lastName,
            physicianCredentials: physician.credentials,
            physicianRoomLink: physician.roomLink,
          };
        }
        throw APPOINTMENT_ERRORS.slotTaken();
      };
      const row = await bookFirstFree();

      // After the commit: a slow or failing mail server never holds the booking's locks. The e-mail is made
      // from the row as written, for the patient (with their clinic and preferences) read with the calendar.
      mail.send(row, caller.userId, { kind: 'booked' }, log, calendar.recipient ?? undefined);
      return toAppointment(row);
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

    /**
     * Cancels the caller's own appointment before it starts; canceling twice answers the same record. Staff
     * pass `clinic` (who, and the message to the patient) to cancel an appointment of their clinic.
     */
    async cancel(
      caller: Caller,
      appointmentId: string,
      log?: FastifyBaseLogger,
      clinic?: { userId: string; message: string },
    ): Promise<Appointment> {
      const row = await repo.find(appointmentId);
      const mine = clinic ? row?.organizationId === caller.organizationId : row?.patientId === caller.userId;
      if (!row || !mine) throw Errors.notFound('The appointment');
      if (!row.canceled) {
        const at = now();
        if (row.startTime <= at) throw APPOINTMENT_ERRORS.started();
        const when = formatCallTime(row.startTime, patientZoneOf(row));
        // The scheduler's own booking is cancelled there first: if it refuses, the record stays as it is.
        const outsideBooking = deps.outside && row.externalSource === deps.outside.source && row.uuid;
        if (outsideBooking) await deps.outside!.cancelAt(row, clinic?.message, log);
        const changed = await repo.transaction(async (q) => {
          if (!(await q.cancel(row.id, row.patientId, at, clinic))) return false;
          await q.storeNotice(
            notifier,
            row.patientId,
            row.organizationId,
            clinic
              ? `Your appointment on ${when} was canceled by the clinic: ${clinic.message}`
              : `Your ${NOTICE_NAMES[row.eventTypeKind as BookableKind] ?? 'appointment'} on ${when} is canceled.`,
            row.id,
          );
          return true;
        });
        // The calendar removes the event it holds (METHOD:CANCEL, same UID, the bumped sequence).
        // (The outside scheduler e-mails its own bookings' attendees: the portal sent no invitation to withdraw.)
        if (changed && !outsideBooking)
          mail.send(row.id, row.patientId, { kind: 'canceled', clinicMessage: clinic?.message }, log);
      }
      return toAppointment((await repo.find(appointmentId))!);
    },

    /**
     * Moves the caller's appointment to another open slot of the same physician, under its kind's rules. The
     * appointment keeps its id (and calendar UID); its sequence grows, so reminders planned for the old time
     * see they are stale. Staff pass `staff` to move a patient's appointment of their clinic.
     */
    async reschedule(
      caller: Caller,
      appointmentId: string,
      body: { start_time: string; time_zone?: string | undefined },
      staff = false,
      log?: FastifyBaseLogger,
    ): Promise<Appointment> {
      const row = await repo.find(appointmentId);
      const mine = staff ? row?.organizationId === caller.organizationId : row?.patientId === caller.userId;
      if (!row || !mine) throw Errors.notFound('The appointment');
      if (row.canceled) throw APPOINTMENT_ERRORS.canceled();
      const at = now();
      if (row.startTime <= at) throw APPOINTMENT_ERRORS.startedMove();
      // The scheduler's own booking moves there (Cal.com decides whether the new time is open; Calendly's
      // page moves it), unless it leaves the move to the portal.
      if (deps.outside && row.externalSource === deps.outside.source && row.uuid) {
        const moved = await deps.outside.reschedule(row, new Date(body.start_time), log);
        if (moved) return moved;
      }
      if (!row.physicianId) throw APPOINTMENT_ERRORS.notOffered();
      const start = new Date(body.start_time);
      const rules = await rulesFor(row.organizationId, row.eventTypeKind);
      const end = new Date(start.getTime() + rules.durationMinutes * MINUTE);
      checkWindow(start, rules, at);
      const [schedules, booked] = await Promise.all([
        repo.schedules([row.physicianId], start, end),
        repo.booked([row.physicianId], start, end, row.id),
      ]);
      const schedule = schedules.get(row.physicianId) as Schedule;
      if (!isOpenSlot(start, { schedule, rules, busy: [], now: at })) throw APPOINTMENT_ERRORS.notOffered();
      if (!isOpenSlot(start, { schedule, rules, busy: booked, now: at }))
        throw APPOINTMENT_ERRORS.slotTaken();
      const blocked = blockedRange(start, rules);
      const timeZone = body.time_zone ?? row.timeZone;
      await repo.transaction(async (q) => {
        await q.lockAppointment(row.id);
        if (await q.physicianBusy(row.physicianId!, blocked.start, blocked.end, row.id))
          throw APPOINTMENT_ERRORS.slotTaken();
        const moved = await q.move(row.id, {
          startTime: start,
          endTime: end,
          blockedStart: blocked.start,
          blockedEnd: blocked.end,
          timeZone,
          at,
        });
        if (!moved) throw APPOINTMENT_ERRORS.slotTaken();
        const when = formatCallTime(start, timeZone ?? DEFAULT_APPOINTMENT_TIME_ZONE);
        await q.storeNotice(
          notifier,
          row.patientId,
          row.organizationId,
          `Your ${NOTICE_NAMES[row.eventTypeKind as BookableKind] ?? 'appointment'} is moved to ${when}.`,
          row.id,
        );
      });
      // The invitation keeps the UID with the next sequence, so the calendar moves the event it holds.
      mail.send(row.id, row.patientId, { kind: 'moved', previousStart: row.startTime }, log);
      // New reminders for the new time; those of the old one find the sequence moved on and are skipped.
      await deps.reminders
        ?.plan(row.id)
        .catch((error: unknown) =>
          log?.error({ err: describeError(error) }, 'appointment reminders could not be planned'),
        );
      return toAppointment((await repo.find(row.id))!);
    },
  };
}
export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
