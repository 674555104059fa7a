import { z } from 'zod';
import { HOURS_OVERLAP, hoursProblems } from '../scheduling/hours-rules';
import {
  ROOM_LINK_MAX,
  ROOM_LINK_MESSAGE,
  ROOM_LINK_PATTERN,
  ROOM_LINK_TOO_LONG,
} from '../scheduling/room-link';
import { AVAILABILITY_MAX_DAYS } from '../scheduling/slots';
import { isKnownTimeZone } from '../scheduling/zoned-time';
import { Id } from './common';

/**
 * Calls a patient books from the portal: the identity verification call, a coaching session, and the free
 * longevity consultation of the retention offer (001 §4).
 */
export const BookableKind = z.enum(['user-verification', 'coaching', 'consultation']);
export type BookableKind = z.infer<typeof BookableKind>;

/** Every kind an appointment may have (001 §3 event_type.kind). */
export const AppointmentKind = z.enum(['user-verification', 'consultation', 'coaching', 'follow-up']);
export type AppointmentKind = z.infer<typeof AppointmentKind>;

const IsoInstant = z.iso.datetime({ offset: true, message: 'Must be an ISO 8601 date and time.' });

/** An IANA time zone name the runtime knows, e.g. America/New_York. */
export const TimeZoneName = z
  .string()
  .max(64)
  .refine(isKnownTimeZone, { message: 'Must be a time zone such as America/New_York.' });

/** GET /v2/appointments/availability query. */
export const AvailabilityQuery = z
  .object({
    kind: BookableKind,
    /** Start of the window; defaults to now. */
    from: IsoInstant.optional(),
    days: z.coerce.number().int().min(1).max(AVAILABILITY_MAX_DAYS).default(7),
    /** Only this physician's slots (one of those the patient may book). */
    physician_id: Id.optional(),
    /**
     * The patient's subscription the call belongs to (coaching, the retention offer's consultation): an outside
     * scheduler's booking page carries it, so the booking reaches the subscription (decision 047).
     */
    subscription_id: Id.optional(),
  })
  .strict();
export type AvailabilityQuery = z.infer<typeof AvailabilityQuery>;

export const AvailableSlot = z.object({ start_time: z.string(), end_time: z.string() });
export type AvailableSlot = z.infer<typeof AvailableSlot>;

export const Availability = z.object({
  kind: BookableKind,
  slot_minutes: z.number().int(),
  from: z.string(),
  to: z.string(),
  slots: z.array(AvailableSlot),
  /**
   * The clinic's booking page at the outside scheduler (Calendly) when this kind is booked there and not in the
   * portal: the patient is prefilled, and no slots are offered here (decision 047).
   */
  booking_link: z.string().nullable().optional(),
});
export type Availability = z.infer<typeof Availability>;

/** POST /v2/appointments: book an open slot with an available physician. */
export const BookAppointmentBody = z
  .object({
    kind: BookableKind,
    start_time: IsoInstant,
    /** The coaching membership the session belongs to. */
    subscription_id: Id.optional(),
    /** The patient's zone, to word the confirmation; Pacific time when absent. */
    time_zone: TimeZoneName.optional(),
    /** Book with this physician; any eligible one who is free when absent. */
    physician_id: Id.optional(),
  })
  .strict();
export type BookAppointmentBody = z.infer<typeof BookAppointmentBody>;

/** POST /v2/appointments/cancel (002 §7.7 body invoiceId; appointment_id is accepted as well). */
export const CancelAppointmentBody = z
  .object({ invoiceId: Id.optional(), appointment_id: Id.optional() })
  .strict()
  .refine((b) => Boolean(b.invoiceId ?? b.appointment_id), {
    message: 'Name the appointment to cancel (invoiceId or appointment_id).',
    path: ['invoiceId'],
  });
export type CancelAppointmentBody = z.infer<typeof CancelAppointmentBody>;

/** GET /v2/appointments/{org}/user/{patient} query: productVariant narrows to a kind or a subscription id. */
export const AppointmentsQuery = z
  .object({ productVariant: z.union([AppointmentKind, Id]).optional() })
  .strict();

/** An appointment as the portal reads it (001 §3). */
export const Appointment = z.object({
  _id: Id,
  event: z.object({
    name: z.string(),
    start_time: z.string(),
    end_time: z.string(),
    canceled: z.boolean(),
    external_source: z.string().nullable(),
    uuid: z.string().nullable(),
    location: z.string().nullable(),
  }),
  event_type: z.object({ kind: AppointmentKind }),
  physician: z.object({ _id: Id, name: z.string() }).nullable(),
  subscription_id: Id.nullable(),
  created_at: z.string(),
  /** The waiting room's link: the physician's own room when the clinic set one, else the event's location. */
  room_link: z.string().nullable().optional(),
  /** Grows with each reschedule and the cancellation. */
  sequence: z.number().int().optional(),
  /** Where the patient moves a booking the outside scheduler keeps (Calendly's page); null: moved in the portal. */
  reschedule_url: z.string().nullable().optional(),
});
export type Appointment = z.infer<typeof Appointment>;

/*
 * The scheduler's calls (issue 16, decision 043). Patient side: availability by kind (and physician), booking,
 * reschedule (POST /v2/appointments/{id}/reschedule) and cancel. Providers: GET /physician/{org}/state/{stateId}
 * and GET /physician/{org}/physician/{id}/states. Clinic side under /care/{org}: a physician's availability
 * (read / replace), the schedule by day or week, booking on a patient's behalf, cancelling with a message.
 */

/** POST /v2/appointments/{id}/reschedule: move the caller's appointment to another open slot of its physician. */
export const RescheduleAppointmentBody = z
  .object({
    start_time: IsoInstant,
    /** The patient's zone, to word the new time; the booking's zone when absent. */
    time_zone: TimeZoneName.optional(),
  })
  .strict();
export type RescheduleAppointmentBody = z.infer<typeof RescheduleAppointmentBody>;

/** A physician as the Providers page reads it (001 §3 Physician). */
export const Physician = z.object({
  _id: Id,
  first_name: z.string(),
  last_name: z.string(),
  /** "Maya Okafor, MD" */
  name: z.string(),
  credentials: z.string().nullable(),
  npi_num: z.string(),
  profile_img: z.object({ url: z.string().nullable() }),
  bio: z.object({ bio_description: z.string() }),
  /** State abbreviations the physician is licensed in. */
  states: z.array(z.string()),
  /** Where to book with them: the clinic's external link when it has one, else null (book in the portal). */
  scheduling_link: z.string().nullable(),
  is_provider: z.boolean(),
});
export type Physician = z.infer<typeof Physician>;

/** GET /physician/{org}/state/{stateId} query: is_provider=true lists only physicians shown as providers. */
export const PhysiciansByStateQuery = z
  .object({ is_provider: z.enum(['true', 'false']).optional() })
  .strict();

const Clock = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, { message: 'Must be a time such as 09:00.' });
const HoursBlock = z
  .object({ start: Clock, end: Clock })
  .strict()
  .refine((b) => b.start < b.end, { message: 'The end must be after the start.', path: ['end'] });
const CalendarDate = z.iso.date({ message: 'Must be a date such as 2026-03-08.' });

/** A physician's video room link (scheduling/room-link.ts). */
export const RoomLink = z
  .string()
  .trim()
  .max(ROOM_LINK_MAX, ROOM_LINK_TOO_LONG)
  .regex(ROOM_LINK_PATTERN, ROOM_LINK_MESSAGE);

/**
 * A physician's availability: weekly hours and date overrides, all in the physician's zone, and their video
 * room (null: none; left out when saving: unchanged).
 */
export const PhysicianAvailability = z
  .object({
    time_zone: TimeZoneName,
    room_link: RoomLink.nullable().optional(),
    weekly: z
      .array(
        z
          .object({ weekday: z.number().int().min(0).max(6) })
          .extend(HoursBlock.shape)
          .strict(),
      )
      .max(70)
      .superRefine((list, ctx) => {
        // the same words as the editor's, on the row at fault (hours of one weekday must not overlap)
        for (let weekday = 0; weekday < 7; weekday++) {
          const indexes = list.flatMap((b, i) => (b.weekday === weekday ? [i] : []));
          for (const [at, message] of hoursProblems(indexes.map((i) => list[i]!)))
            ctx.addIssue({ code: 'custom', message, path: [indexes[at]!, 'end'] });
        }
      }),
    /** A date with no blocks is a day off; otherwise its blocks replace the weekly hours of that date. */
    overrides: z
      .array(
        z
          .object({ date: CalendarDate, blocks: z.array(HoursBlock).max(12) })
          .strict()
          .superRefine((o, ctx) => {
            for (const [at, message] of hoursProblems(o.blocks))
              if (message === HOURS_OVERLAP)
                ctx.addIssue({ code: 'custom', message, path: ['blocks', at, 'end'] });
          }),
      )
      .max(400)
      .refine((list) => new Set(list.map((o) => o.date)).size === list.length, {
        message: 'Each date may appear once.',
      }),
  })
  .strict();
export type PhysicianAvailability = z.infer<typeof PhysicianAvailability>;

/** GET /care/{org}/schedule: the clinic's appointments of one local day or the week (Monday on) around it. */
export const CareScheduleQuery = z
  .object({
    date: CalendarDate,
    view: z.enum(['day', 'week']).default('day'),
    physician_id: Id.optional(),
    /** The zone the day is read in; Pacific time when absent. */
    time_zone: TimeZoneName.optional(),
    include_canceled: z.enum(['true', 'false']).optional(),
  })
  .strict();
export type CareScheduleQuery = z.infer<typeof CareScheduleQuery>;

export const CareScheduleEntry = Appointment.extend({
  patient: z.object({ _id: Id, name: z.string() }),
});
export type CareScheduleEntry = z.infer<typeof CareScheduleEntry>;

export const CareSchedule = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  appointments: z.array(CareScheduleEntry),
});
export type CareSchedule = z.infer<typeof CareSchedule>;

/** POST /care/{org}/appointments: book on a patient's behalf. */
export const CareBookAppointmentBody = z
  .object({
    patient_id: Id,
    kind: BookableKind,
    start_time: IsoInstant,
    physician_id: Id.optional(),
    subscription_id: Id.optional(),
    time_zone: TimeZoneName.optional(),
  })
  .strict();
export type CareBookAppointmentBody = z.infer<typeof CareBookAppointmentBody>;

/** POST /care/{org}/appointments/{id}/cancel: the message goes to the patient with the cancellation. */
export const CareCancelAppointmentBody = z
  .object({ message: z.string().trim().min(1, { message: 'Write a message to the patient.' }).max(1000) })
  .strict();
export type CareCancelAppointmentBody = z.infer<typeof CareCancelAppointmentBody>;

/** GET /care/{org}/availability: open slots of a kind for one of the clinic's patients, as the patient sees them. */
export const CareAvailabilityQuery = AvailabilityQuery.extend({ patient_id: Id }).strict();
export type CareAvailabilityQuery = z.infer<typeof CareAvailabilityQuery>;

/** GET /care/{org}/physicians: the clinic's physicians, for the schedule's availability and booking. */
export const CarePhysician = z.object({
  _id: Id,
  /** "Maya Okafor, MD" */
  name: z.string(),
  active: z.boolean(),
  /** The staff account the physician signs in with, when linked. */
  user_id: Id.nullable(),
});
export type CarePhysician = z.infer<typeof CarePhysician>;

/** GET /care/{org}/patients?q=: the clinic's patients whose name or e-mail holds the text. */
export const CarePatientSearchQuery = z
  .object({ q: z.string().trim().min(2, { message: 'Type at least 2 letters.' }).max(100) })
  .strict();
export const CarePatientMatch = z.object({ _id: Id, name: z.string(), email: z.string() });
export type CarePatientMatch = z.infer<typeof CarePatientMatch>;

const minutesBetween = (min: number, max: number, what: string) =>
  z
    .number({ error: `${what} must be a whole number of minutes.` })
    .int({ message: `${what} must be a whole number of minutes.` })
    .min(min, { message: `${what} must be from ${min} to ${max} minutes.` })
    .max(max, { message: `${what} must be from ${min} to ${max} minutes.` });

/** The rules of one kind of call a clinic may change (decision 043); the limits are the database's. */
export const AppointmentTypeRulesFields = z.object({
  duration_minutes: minutesBetween(5, 480, 'The duration'),
  buffer_before_minutes: minutesBetween(0, 240, 'The buffer before'),
  buffer_after_minutes: minutesBetween(0, 240, 'The buffer after'),
  minimum_notice_minutes: minutesBetween(0, 43_200, 'The minimum notice'),
  horizon_days: z
    .number({ error: 'How far ahead must be a whole number of days.' })
    .int({ message: 'How far ahead must be a whole number of days.' })
    .min(1, { message: 'How far ahead must be from 1 to 366 days.' })
    .max(366, { message: 'How far ahead must be from 1 to 366 days.' }),
  /** The grid slots start on; null is the duration. */
  slot_interval_minutes: minutesBetween(5, 480, 'The start interval').nullable(),
});

/** One kind of call as the clinic has it: its own rules, or the built-in ones (`custom` false). */
export const AppointmentTypeSetting = AppointmentTypeRulesFields.extend({
  kind: BookableKind,
  name: z.string(),
  custom: z.boolean(),
});
export type AppointmentTypeSetting = z.infer<typeof AppointmentTypeSetting>;

export const AppointmentTypeSettings = z.object({ types: z.array(AppointmentTypeSetting) });
export type AppointmentTypeSettings = z.infer<typeof AppointmentTypeSettings>;

/** PUT /care/{org}/appointment-types: the rules of the kinds sent (others stay as they are). */
export const AppointmentTypesBody = z
  .object({
    types: z
      .array(AppointmentTypeRulesFields.extend({ kind: BookableKind }).strict())
      .min(1, { message: 'Send at least one appointment type.' })
      .max(BookableKind.options.length)
      .refine((list) => new Set(list.map((t) => t.kind)).size === list.length, {
        message: 'Each kind may appear once.',
      }),
  })
  .strict();
export type AppointmentTypesBody = z.infer<typeof AppointmentTypesBody>;
