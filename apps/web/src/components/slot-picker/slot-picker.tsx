import type { Appointment, AvailableSlot, BookableKind } from '@portal/domain/contracts/appointment';
import { MESSAGES } from '@portal/domain/messages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  availabilityQueryOptions,
  PICKER_DAYS,
  useBookAppointment,
  useRescheduleAppointment,
} from '../../api/appointments';
import { isApiError } from '../../lib/api-error';
import { patientTimeZone } from '../../lib/time-zone';
import { Alert } from '../ui/alert';
import { Button, buttonClassName } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { SlotChoice } from './slot-choice';
import './slot-picker.css';

/**
 * Pick a day, then a time (shown in the patient's own time zone), then Confirm. A time taken meanwhile
 * (409) is explained, the selection cleared and the open times reloaded. With a physician, only their open
 * times; with `rescheduling`, the chosen time moves that appointment instead of booking a new one.
 */
export function SlotPicker({
  kind,
  subscriptionId,
  physicianId,
  rescheduling,
  onBooked,
}: {
  kind: BookableKind;
  subscriptionId?: string;
  physicianId?: string;
  /** The appointment the chosen time replaces. */
  rescheduling?: string;
  onBooked: (appointment: Appointment) => void;
}) {
  const timeZone = patientTimeZone();
  const availability = useQuery(availabilityQueryOptions(kind, physicianId, subscriptionId));
  const booking = useBookAppointment();
  const moving = useRescheduleAppointment();
  const book = rescheduling ? moving : booking;
  const [selected, setSelected] = useState<AvailableSlot | null>(null);

  if (availability.isPending) return <Spinner label="Loading open times" />;
  if (availability.isError) {
    return (
      <Alert tone="error">
        <p>{MESSAGES.generic}</p>
        <Button size="sm" variant="secondary" onClick={() => void availability.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  const bookingLink = availability.data.booking_link;
  if (bookingLink) {
    // The clinic's outside scheduler keeps these times: a time is moved there, not picked here.
    if (rescheduling)
      return (
        <Alert tone="info">
          This appointment cannot be moved here. Please cancel it and book a new time, or message us.
        </Alert>
      );
    return (
      <div className="slot-picker">
        <p className="slot-picker__zone">
          Times for this call are on the clinic's booking page, with your name and account e-mail filled in.
          Once you book there, your appointment shows here.
        </p>
        <a
          className={buttonClassName({ block: true })}
          href={bookingLink}
          target="_blank"
          rel="noopener noreferrer"
        >
          Open the booking page <span className="ui-visually-hidden">(opens in a new tab)</span>
        </a>
      </div>
    );
  }
  if (availability.data.slots.length === 0) {
    return (
      <Alert tone="info">
        No times are open in the next {PICKER_DAYS} days. Please message us and we will find a time with you.
      </Alert>
    );
  }

  function confirm() {
    if (!selected) return;
    const done = { onSuccess: onBooked, onError: () => setSelected(null) };
    if (rescheduling) {
      moving.mutate({ id: rescheduling, kind, start_time: selected.start_time, time_zone: timeZone }, done);
      return;
    }
    booking.mutate(
      {
        kind,
        start_time: selected.start_time,
        time_zone: timeZone,
        ...(subscriptionId ? { subscription_id: subscriptionId } : {}),
        ...(physicianId ? { physician_id: physicianId } : {}),
      },
      done,
    );
  }

  const bookError = book.isError
    ? isApiError(book.error) && (book.error.status === 409 || book.error.status === 400)
      ? book.error.message
      : MESSAGES.generic
    : null;

  return (
    <div className="slot-picker">
      <SlotChoice
        slots={availability.data.slots}
        timeZone={timeZone}
        selected={selected}
        onSelect={(slot) => {
          book.reset();
          setSelected(slot);
        }}
        zoneNote={`Times are shown in your time zone (${timeZone}).`}
      />

      {bookError ? <Alert tone="error">{bookError}</Alert> : null}

      <Button block onClick={confirm} disabled={!selected} loading={book.isPending}>
        Confirm
      </Button>
    </div>
  );
}
