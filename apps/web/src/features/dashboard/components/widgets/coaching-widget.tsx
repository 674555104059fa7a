import type { Appointment } from '@portal/domain/contracts/appointment';
import { coachingAction, type WidgetSubscription } from '@portal/domain/dashboard/widgets';
import { DEFAULT_APPOINTMENT_TIME_ZONE, formatCallTime } from '@portal/domain/scheduling/format-slot';
import { Link } from 'react-router';
import { buttonClassName } from '../../../../components/ui/button';
import { WidgetCard } from '../widget-card';

/**
 * Coaching (001 §2, §4): Join Room opens the meeting link while a session is scheduled (its end is in the
 * future), with the time in Pacific time; otherwise Schedule Now books one for the membership.
 */
export function CoachingWidget({
  subscription,
  appointments,
  now,
  wide,
}: {
  subscription: WidgetSubscription;
  appointments: Appointment[];
  now: Date;
  wide: boolean;
}) {
  const action = coachingAction(subscription, appointments, now);
  if (action.kind === 'schedule') {
    return (
      <WidgetCard
        title="Coaching"
        eyebrow="Your coach"
        wide={wide}
        actions={
          <Link className={buttonClassName({ variant: 'primary' })} to={action.path}>
            Schedule Now
          </Link>
        }
      >
        <p>Book your next one-on-one session with your longevity coach.</p>
      </WidgetCard>
    );
  }
  return (
    <WidgetCard
      title="Coaching"
      eyebrow="Your coach"
      wide={wide}
      actions={
        action.link ? (
          <a
            className={buttonClassName({ variant: 'primary' })}
            href={action.link}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Join Room (opens in a new tab)"
          >
            Join Room
          </a>
        ) : (
          <button type="button" className={buttonClassName({ variant: 'primary' })} disabled>
            Join Room
          </button>
        )
      }
    >
      <p>
        Your next session:{' '}
        <time dateTime={action.startTime}>
          {formatCallTime(new Date(action.startTime), DEFAULT_APPOINTMENT_TIME_ZONE)}
        </time>
      </p>
      {action.link ? null : (
        <p className="widget__note">Your room link will appear here before the session.</p>
      )}
    </WidgetCard>
  );
}
