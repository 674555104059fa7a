import {
  appointmentActions,
  formatAppointmentDate,
  formatAppointmentTime,
  zoneAbbreviation,
} from '@portal/domain/appointments/appointment-view';
import type { Appointment } from '@portal/domain/contracts/appointment';
import { Button, buttonClassName } from '../../../components/ui/button';
import { NewTabNote } from '../../../components/ui/hidden-suffix';

/**
 * One appointment of the list (001 §2, §4): its name, date and time in the patient's zone, the physician,
 * 'Canceled' for a cancelled one; cancel, reschedule and the waiting room only for one still to come.
 */
export function AppointmentCard({
  appointment,
  timeZone,
  now,
  onCancel,
  onReschedule,
}: {
  appointment: Appointment;
  timeZone: string;
  now: Date;
  onCancel: () => void;
  onReschedule: () => void;
}) {
  const { event } = appointment;
  const start = new Date(event.start_time);
  const actions = appointmentActions(event, now);
  const room = appointment.room_link ?? event.location;
  const roomIsLink = Boolean(room && /^https?:\/\//.test(room));
  return (
    <li className={`appointment-card${event.canceled ? ' appointment-card--canceled' : ''}`}>
      <div className="appointment-card__when">
        <span className="appointment-card__date">{formatAppointmentDate(start, timeZone)}</span>
        <span className="appointment-card__time">
          {formatAppointmentTime(start, timeZone)}
          {' – '}
          {formatAppointmentTime(new Date(event.end_time), timeZone)} {zoneAbbreviation(start, timeZone)}
        </span>
      </div>
      <div className="appointment-card__what">
        <h2 className="appointment-card__name">{event.name}</h2>
        {appointment.physician ? (
          <p className="appointment-card__with">With {appointment.physician.name}</p>
        ) : null}
        {event.canceled ? <span className="appointment-card__badge">Canceled</span> : null}
        {actions.showRoom && room && !roomIsLink ? <p className="appointment-card__where">{room}</p> : null}
      </div>
      {actions.showRoom || actions.canCancel ? (
        <div className="appointment-card__actions">
          {actions.showRoom && room && roomIsLink ? (
            <a className="appointment-card__room" href={room} target="_blank" rel="noopener noreferrer">
              Join waiting room
              <NewTabNote />
            </a>
          ) : null}
          {actions.canReschedule && appointment.reschedule_url ? (
            // The outside scheduler (Calendly) moves its own bookings on its page; the webhook moves it here.
            <a
              className={buttonClassName({ size: 'sm', variant: 'secondary' })}
              href={appointment.reschedule_url}
              target="_blank"
              rel="noopener noreferrer"
            >
              Reschedule <span className="ui-visually-hidden">(opens in a new tab)</span>
            </a>
          ) : actions.canReschedule ? (
            <Button size="sm" variant="secondary" onClick={onReschedule}>
              Reschedule
            </Button>
          ) : null}
          {actions.canCancel ? (
            <Button size="sm" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
