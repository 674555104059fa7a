import {
  formatAppointmentDate,
  formatAppointmentTime,
  zoneAbbreviation,
} from '@portal/domain/appointments/appointment-view';
import { dashboardPath } from '@portal/domain/consultation/consultation-path';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { allAppointmentsQueryOptions } from '../../../api/appointments';
import { buttonClassName } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useSessionUser } from '../../../lib/session';
import { patientTimeZone } from '../../../lib/time-zone';
import '../../../components/step-page/step-page.css';

/** The booking's id as each scheduler names it when it sends the patient back. */
const BOOKING_ID_PARAMS = ['uuid', 'uid', 'bookingUid', 'bookingId', 'invitee_uuid'] as const;

/** How long the page waits for the scheduler's notice of the booking to reach the portal. */
const CONFIRM_WINDOW_MS = 60_000;

/**
 * /appointment/cb (001 §2, 002 §2.1): where a scheduler sends the patient after booking. Whichever scheduler
 * booked it (the portal's own, Cal.com or Calendly), the booking reaches the portal's appointments; this page
 * finds it by the id the scheduler passes back (or, without one, the patient's newest booking) and shows it,
 * reading again while the scheduler's notice is on its way.
 */
export default function AppointmentCallbackPage() {
  const user = useSessionUser();
  const userId = user?._id ?? '';
  const [search] = useSearchParams();
  const bookingId = BOOKING_ID_PARAMS.map((k) => search.get(k)).find(Boolean) ?? null;
  const [openedAt] = useState(() => Date.now());
  const appointments = useQuery({
    ...allAppointmentsQueryOptions(userId),
    enabled: Boolean(userId),
    refetchInterval: (query) => {
      const list = query.state.data ?? [];
      const found = bookingId ? list.some((a) => a.event.uuid === bookingId) : list.length > 0;
      return found || Date.now() - openedAt > CONFIRM_WINDOW_MS ? false : 2000;
    },
  });
  const list = appointments.data ?? [];
  const booking = bookingId
    ? list.find((a) => a.event.uuid === bookingId)
    : [...list].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))[0];
  const timeZone = patientTimeZone();

  let body: React.ReactNode;
  if (appointments.isPending) body = <Spinner label="Confirming your booking" />;
  else if (booking && !booking.event.canceled) {
    const start = new Date(booking.event.start_time);
    body = (
      <div className="identity-booked" role="status">
        <h2 className="identity-booked__title">Your appointment is booked</h2>
        <p className="identity-booked__when">
          {formatAppointmentDate(start, timeZone)} at {formatAppointmentTime(start, timeZone)}{' '}
          {zoneAbbreviation(start, timeZone)}
        </p>
        {booking.physician ? <p className="identity-booked__with">With {booking.physician.name}</p> : null}
        <p className="identity-booked__note">We have e-mailed you the details.</p>
      </div>
    );
  } else if (booking?.event.canceled)
    body = <p role="status">This booking was cancelled. You can book another time from your appointments.</p>;
  else if (appointments.isFetching || Date.now() - openedAt <= CONFIRM_WINDOW_MS)
    body = <Spinner label="Confirming your booking" />;
  else
    body = (
      <p role="status">
        We have not received this booking yet. It will appear in your appointments as soon as it does; if it
        does not within a few minutes, please message us.
      </p>
    );

  return (
    <section className="consult-step identity-step" aria-labelledby="callback-title">
      <header className="consult-step__header">
        <h1 className="consult-step__title" id="callback-title">
          Appointment Booking
        </h1>
      </header>
      {body}
      <Link className={buttonClassName({ block: true })} to={dashboardPath(userId, 'appointments')}>
        View your appointments
      </Link>
    </section>
  );
}
