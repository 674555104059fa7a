import type { Appointment, AvailableSlot, BookableKind } from '@portal/domain/contracts/appointment';
import { MESSAGES } from '@portal/domain/messages';
import { formatSlotTime, groupSlotsByDay } from '@portal/domain/scheduling/format-slot';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  availabilityQueryOptions,
  PICKER_DAYS,
  useBookAppointment,
  useRescheduleAppointment,
} from '../../api/appointments';
import { isApiError } from '../../lib/api-error';
import { patientTimeZone } from '../../lib/time-zone';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
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
  const availability = useQuery(availabilityQueryOptions(kind, physicianId));
  const booking = useBookAppointment();
  const moving = useRescheduleAppointment();
  const book = rescheduling ? moving : booking;
  const days = useMemo(
    () => groupSlotsByDay(availability.data?.slots ?? [], timeZone),
    [availability.data, timeZone],
  );
  const [dayKey, setDayKey] = useState<string | null>(null);
  const [selected, setSelected] = useState<AvailableSlot | null>(null);
  const day = days.find((d) => d.key === dayKey) ?? days[0];

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
  if (!day) {
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
      <fieldset className="slot-picker__group">
        <legend className="slot-picker__legend">Choose a day</legend>
        <div className="slot-picker__days">
          {days.map((d) => (
            <button
              key={d.key}
              type="button"
              className="slot-picker__day"
              aria-pressed={d.key === day.key}
              onClick={() => {
                setDayKey(d.key);
                setSelected(null);
              }}
            >
              {d.label}
            </button>
          ))}
        </div>
      </fieldset>

      <fieldset className="slot-picker__group">
        <legend className="slot-picker__legend">Choose a time on {day.label}</legend>
        <div className="slot-picker__times">
          {day.slots.map((slot) => (
            <button
              key={slot.start_time}
              type="button"
              className="slot-picker__time"
              aria-pressed={selected?.start_time === slot.start_time}
              onClick={() => {
                book.reset();
                setSelected(slot);
              }}
            >
              {formatSlotTime(new Date(slot.start_time), timeZone)}
            </button>
          ))}
        </div>
      </fieldset>
      <p className="slot-picker__zone">Times are shown in your time zone ({timeZone}).</p>

      {bookError ? <Alert tone="error">{bookError}</Alert> : null}

      <Button block onClick={confirm} disabled={!selected} loading={book.isPending}>
        Confirm
      </Button>
    </div>
  );
}
