import { AppointmentKind } from '@portal/domain/contracts/appointment';
import { z } from 'zod';
import { MalformedDelivery, type OutsideEvent } from './outside-event';
import { hmacSha256Hex, sameSignature } from './signature';

/** Cal.com signs each delivery with the webhook's secret: hex HMAC-SHA256 of the body as sent. */
export const CALCOM_SIGNATURE_HEADER = 'x-cal-signature-256';

export function verifyCalcomSignature(raw: Buffer, signature: string | undefined, secret: string): boolean {
  if (!signature) return false;
  return sameSignature(hmacSha256Hex(secret, raw), signature.trim());
}

const Instant = z.iso.datetime({ offset: true });
const Id = z.string().regex(/^[0-9a-f]{24}$/i);
const Email = z.string().max(254);

/** The metadata the portal puts on a booking it makes (all values are strings at Cal.com). */
const PortalMetadata = z
  .object({
    patient_id: Id.optional().catch(undefined),
    organization_id: Id.optional().catch(undefined),
    physician_id: Id.optional().catch(undefined),
    kind: AppointmentKind.optional().catch(undefined),
  })
  .catch({});

const BookingPayload = z.object({
  uid: z.string().min(1).max(64),
  startTime: Instant,
  endTime: Instant,
  title: z.string().max(500).nullish(),
  location: z.string().max(2000).nullish(),
  attendees: z
    .array(z.object({ email: Email.nullish(), timeZone: z.string().max(64).nullish() }))
    .default([]),
  organizer: z.object({ email: Email.nullish() }).nullish(),
  metadata: PortalMetadata.nullish(),
  rescheduleUid: z.string().min(1).max(64).nullish(),
});

const Delivery = z.object({
  triggerEvent: z.string().max(64),
  createdAt: z.string().max(64),
  payload: z.unknown(),
});

const TRIGGERS = new Set(['BOOKING_CREATED', 'BOOKING_RESCHEDULED', 'BOOKING_CANCELLED']);

/**
 * Reads a Cal.com delivery: BOOKING_CREATED and BOOKING_RESCHEDULED (a new uid, `rescheduleUid` naming the
 * booking it replaces) become a booking, BOOKING_CANCELLED a cancellation; other triggers (PING, meeting
 * events) are acknowledged and ignored. Cal.com sends no delivery id: a trigger of one booking at one
 * creation time is one delivery.
 */
export function parseCalcomDelivery(body: unknown): OutsideEvent {
  const delivery = Delivery.safeParse(body);
  if (!delivery.success) throw new MalformedDelivery('not a Cal.com webhook delivery');
  const { triggerEvent, createdAt } = delivery.data;
  if (!TRIGGERS.has(triggerEvent)) return { type: 'ignored' };
  const parsed = BookingPayload.safeParse(delivery.data.payload);
  if (!parsed.success) throw new MalformedDelivery(`unreadable ${triggerEvent} payload`);
  const p = parsed.data;
  const eventId = `calcom:${triggerEvent}:${p.uid}:${createdAt}`;
  if (triggerEvent === 'BOOKING_CANCELLED') {
    return { type: 'canceled', eventId, uuid: p.uid, rescheduled: false };
  }
  const start = new Date(p.startTime);
  const end = new Date(p.endTime);
  if (!(start < end)) throw new MalformedDelivery('the booking ends before it starts');
  const meta = p.metadata ?? {};
  const attendee = p.attendees[0];
  return {
    type: 'booked',
    eventId,
    replaces: triggerEvent === 'BOOKING_RESCHEDULED' ? (p.rescheduleUid ?? null) : null,
    booking: {
      uuid: p.uid,
      start,
      end,
      location: p.location ?? null,
      title: p.title ?? null,
      attendeeEmail: attendee?.email ?? null,
      attendeeTimeZone: attendee?.timeZone ?? null,
      organizerEmail: p.organizer?.email ?? null,
      patientId: meta.patient_id ?? null,
      organizationId: meta.organization_id ?? null,
      physicianId: meta.physician_id ?? null,
      kind: meta.kind ?? null,
    },
  };
}
