import { dashboardPath } from '@portal/domain/consultation/consultation-path';
import type { Appointment } from '@portal/domain/contracts/appointment';
import { formatCallTime } from '@portal/domain/scheduling/format-slot';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { patientTimeZone } from '../../lib/time-zone';
import { buttonClassName } from '../ui/button';
import './slot-picker.css';

/** After booking: when the call is, in the patient's zone, and where to find it. */
export function BookingConfirmation({
  appointment,
  userId,
  children,
}: {
  appointment: Appointment;
  userId: string;
  /** The next step of the surrounding flow, e.g. Continue to checkout. */
  children?: ReactNode;
}) {
  const when = formatCallTime(new Date(appointment.event.start_time), patientTimeZone());
  return (
    <div className="identity-booked" role="status">
      <h2 className="identity-booked__title">Your call is booked</h2>
      <p className="identity-booked__when">{when}</p>
      {appointment.physician ? (
        <p className="identity-booked__with">With {appointment.physician.name}</p>
      ) : null}
      <p className="identity-booked__note">We have e-mailed you the details.</p>
      <div className="identity-booked__actions">
        {children}
        <Link
          className={buttonClassName({ variant: children ? 'secondary' : 'primary', block: true })}
          to={dashboardPath(userId, 'appointments')}
        >
          View your appointments
        </Link>
      </div>
    </div>
  );
}
