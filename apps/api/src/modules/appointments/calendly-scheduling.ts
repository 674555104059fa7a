import type { Availability, BookableKind } from '@portal/domain/contracts/appointment';
import type { FastifyBaseLogger } from 'fastify';
import { Errors } from '../../platform/errors';
import { type CalendlyClient, CalendlyError } from '../../platform/scheduling/calendly-api';
import { calendlyBookingLink } from '../../platform/scheduling/calendly-link';
import type { AppointmentRow, AppointmentsRepository } from './appointments.repository';
import type { OutsideBookingsRepository } from './outside-bookings.repository';
import {
  type AvailabilityAsked,
  type Caller,
  type OutsideScheduling,
  schedulerUnavailable,
} from './outside-scheduling';

const notOffered = () =>
  Errors.badRequest(
    'This kind of call cannot be booked here. Please message us to book it.',
    'SlotUnavailable',
  );
const bookOnPage = () =>
  Errors.badRequest(
    'This call is booked on the clinic’s booking page. Please open it from the booking screen.',
    'BookOnSchedulerPage',
  );
const moveOnPage = () =>
  Errors.badRequest(
    'This appointment is moved on the clinic’s booking page. Please use Reschedule on your appointment.',
    'RescheduleOnSchedulerPage',
  );

/**
 * Calendly keeps the calendars (SCHEDULING_PROVIDER=calendly, decision 047). Calendly books only on its own pages,
 * so the portal offers no times of its own for what Calendly books: the availability call answers the page to
 * open (the clinic's page of the kind, or the physician's own), prefilled with the patient and tagged so the
 * invitee.created webhook writes the booking with its kind, subscription or physician. A physician without a
 * Calendly page is booked on the portal's own calendar, as before. With CALENDLY_API_TOKEN a cancellation in the
 * portal cancels the event at Calendly first; Calendly has no API to move a booking, so the patient moves it on
 * the invitee's reschedule_url.
 */
export function createCalendlyScheduling(deps: {
  /** The clinic's Calendly page of each kind of call (CALENDLY_EVENT_LINKS). */
  links: Map<BookableKind, string>;
  /** Without it (no CALENDLY_API_TOKEN), a cancellation changes only the portal's record. */
  client?: CalendlyClient | undefined;
  repo: AppointmentsRepository;
  outsideRepo: Pick<OutsideBookingsRepository, 'physicianSchedulingLink' | 'bookablePhysician'>;
  now: () => Date;
}): OutsideScheduling {
  const { links, repo } = deps;

  /** The page the patient books this on, prefilled and tagged; undefined: the portal's own calendar books it. */
  async function pageOf(caller: Caller, asked: AvailabilityAsked): Promise<string | undefined> {
    const patient = await repo.patient(caller.userId);
    if (!patient) throw Errors.notFound('The patient');
    const who = {
      patientId: caller.userId,
      name: `${patient.firstName} ${patient.lastName}`.trim(),
      email: patient.email,
    };
    if (asked.physician_id) {
      // Verification calls and consultations go to physicians licensed in the patient's state; coaching to any.
      const state = asked.kind === 'coaching' ? null : (patient.state ?? null);
      if (!(await deps.outsideRepo.bookablePhysician(asked.physician_id, caller.organizationId, state)))
        throw Errors.notFound('The physician');
      const own = await deps.outsideRepo.physicianSchedulingLink(asked.physician_id, caller.organizationId);
      // No page of their own (or not an https one, which the Providers list does not offer either).
      return (own && calendlyBookingLink(own, who, { term: asked.physician_id })) || undefined;
    }
    const page = links.get(asked.kind);
    if (!page) throw notOffered();
    if (
      asked.subscription_id &&
      !(await repo.ownSubscription(asked.subscription_id, caller.userId, caller.organizationId))
    )
      throw Errors.notFound('The subscription');
    // The pages were checked at start (https links), so a link always comes of them.
    return calendlyBookingLink(page, who, {
      term: asked.subscription_id ?? asked.kind,
      campaign: asked.kind,
    })!;
  }

  return {
    source: 'calendly',

    async availability(caller, query): Promise<Availability | undefined> {
      const link = await pageOf(caller, query);
      if (!link) return undefined;
      const at = deps.now();
      const requested = query.from ? new Date(query.from) : at;
      const from = requested < at ? at : requested;
      const end = new Date(requested.getTime() + query.days * 86_400_000);
      return {
        kind: query.kind,
        slot_minutes: 0,
        from: from.toISOString(),
        to: (end < from ? from : end).toISOString(),
        slots: [],
        booking_link: link,
      };
    },

    async book(caller, body) {
      // Calendly's page books it, and its webhook writes the appointment: the portal books nothing here.
      const link = await pageOf(caller, {
        kind: body.kind,
        days: 1,
        physician_id: body.physician_id,
        subscription_id: body.subscription_id,
      });
      if (link) throw bookOnPage();
      return undefined;
    },

    async cancelAt(row: AppointmentRow, reason: string | undefined, log?: FastifyBaseLogger) {
      const client = deps.client;
      // Without the token (or for a booking written before the event's id was kept) only the portal's
      // record changes; Calendly's own e-mails still let the patient cancel there.
      if (!client || !row.externalEventId) return;
      try {
        await client.cancel(row.externalEventId, reason ?? 'Canceled in the patient portal');
      } catch (error) {
        if (!(error instanceof CalendlyError)) throw error;
        log?.warn({ status: error.status }, 'calendly cancellation failed');
        throw schedulerUnavailable();
      }
    },

    async reschedule(row: AppointmentRow) {
      // Calendly moves its booking on its own page (the invitee.created that follows moves the appointment).
      if (row.rescheduleUrl) throw moveOnPage();
      return undefined;
    },
  };
}
