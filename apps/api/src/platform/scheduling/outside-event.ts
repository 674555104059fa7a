import type { AppointmentKind } from '@portal/domain/contracts/appointment';

export type OutsideProvider = 'calcom' | 'calendly';

/** A booking made at an outside scheduler, in the portal's terms (decision 047). */
export type OutsideBooking = {
  /** The booking's id at the scheduler: Cal.com's booking uid, Calendly's invitee uuid. */
  uuid: string;
  start: Date;
  end: Date;
  location: string | null;
  title: string | null;
  attendeeEmail: string | null;
  attendeeTimeZone: string | null;
  organizerEmail: string | null;
  /** What the portal put on the booking when it built it (Cal.com metadata, Calendly utm fields). */
  patientId: string | null;
  organizationId: string | null;
  physicianId: string | null;
  kind: AppointmentKind | null;
  /** The subscription the booking belongs to, as the portal's link named it (Calendly's utm_term). */
  subscriptionId?: string | null;
  /** The scheduled event's id when the booking's is another (Calendly's event, whose invitee `uuid` is). */
  externalEventId?: string | null;
  /** Where the patient moves the booking at the scheduler (Calendly's reschedule_url). */
  rescheduleUrl?: string | null;
};

/**
 * One webhook delivery, normalised. `eventId` names the delivery (the same delivery sent again has the same
 * one); `replaces` is the booking a reschedule moves.
 */
export type OutsideEvent =
  | { type: 'booked'; eventId: string; booking: OutsideBooking; replaces: string | null }
  | { type: 'canceled'; eventId: string; uuid: string; rescheduled: boolean }
  | { type: 'ignored' };

/** A payload the portal cannot read: answered 400, never applied. */
export class MalformedDelivery extends Error {}
