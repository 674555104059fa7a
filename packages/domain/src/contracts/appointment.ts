import { z } from 'zod';
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
});
export type Appointment = z.infer<typeof Appointment>;
