import type {
  Appointment,
  Availability,
  BookAppointmentBody,
  BookableKind,
} from '@portal/domain/contracts/appointment';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../platform/errors';
import type { AppointmentRow } from './appointments.repository';

export type Caller = { userId: string; organizationId: string };

export type AvailabilityAsked = {
  kind: BookableKind;
  from?: string | undefined;
  days: number;
  physician_id?: string | undefined;
  subscription_id?: string | undefined;
};

/**
 * An outside scheduler that keeps the clinic's calendars (decision 047): Cal.com answers open times and takes
 * bookings through its API; Calendly books on its own pages. Each cancels (and moves) its own bookings first,
 * so the portal's record changes only once the scheduler has.
 */
export type OutsideScheduling = {
  /** The appointments' external_source this scheduler's bookings carry. */
  source: 'calcom' | 'calendly';
  /** Open times (or the scheduler's booking page); undefined leaves it to the portal's own calendar. */
  availability(
    caller: Caller,
    query: AvailabilityAsked,
    log?: FastifyBaseLogger,
  ): Promise<Availability | undefined>;
  /** Books at the scheduler; undefined leaves it to the portal's own calendar. */
  book(
    caller: Caller,
    body: BookAppointmentBody,
    log: FastifyBaseLogger,
    bookedBy?: string,
  ): Promise<Appointment | undefined>;
  /** Cancels the booking at the scheduler; throws (the record then stays) when it refuses or is unreachable. */
  cancelAt(row: AppointmentRow, reason: string | undefined, log?: FastifyBaseLogger): Promise<void>;
  /** Moves the booking at the scheduler; undefined leaves the move to the portal's own calendar. */
  reschedule(row: AppointmentRow, start: Date, log?: FastifyBaseLogger): Promise<Appointment | undefined>;
};

export const schedulerUnavailable = () =>
  new ApiError(
    503,
    'SchedulerUnavailable',
    'Booking is not available right now. Please try again in a few minutes.',
  );
