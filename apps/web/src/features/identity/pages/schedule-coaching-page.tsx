import { dashboardPath } from '@portal/domain/consultation/consultation-path';
import type { Appointment } from '@portal/domain/contracts/appointment';
import { isObjectId } from '@portal/domain/ids';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { BookingConfirmation } from '../../../components/slot-picker/booking-confirmation';
import { SlotPicker } from '../../../components/slot-picker/slot-picker';
import { useSessionUser } from '../../../lib/session';
import '../../../components/step-page/step-page.css';
import '../components/identity.css';
import { NewTabNote } from '../../../components/ui/hidden-suffix';

/** The coachingLink query (001 §2, an encoded event link), kept only when it is a web address. */
function externalLink(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Schedule Coaching (/schedule-coaching/{coachingMembershipId}?coachingLink=, after a coaching checkout):
 * book a session in the portal; the membership's external booking page stays available when it is given.
 */
export default function ScheduleCoachingPage() {
  const { coachingMembershipId } = useParams();
  const [search] = useSearchParams();
  const user = useSessionUser();
  const userId = user?._id ?? '';
  const [booked, setBooked] = useState<Appointment | null>(null);
  const link = externalLink(search.get('coachingLink'));
  const subscriptionId = isObjectId(coachingMembershipId) ? coachingMembershipId : undefined;

  return (
    <section className="consult-step identity-step" aria-labelledby="coaching-title">
      <Link className="identity-step__back" to={dashboardPath(userId, 'profile')}>
        <span aria-hidden="true">←</span> Dashboard
      </Link>
      <header className="consult-step__header">
        <p className="consult-step__eyebrow">Coaching</p>
        <h1 className="consult-step__title" id="coaching-title">
          Schedule your coaching session
        </h1>
        {booked ? null : (
          <p className="consult-step__lead">
            Pick a time for a 30-minute video session with your coach. You can cancel or book another time
            from your appointments.
          </p>
        )}
      </header>

      {booked ? (
        <BookingConfirmation appointment={booked} userId={userId} />
      ) : (
        <SlotPicker kind="coaching" subscriptionId={subscriptionId} onBooked={setBooked} />
      )}

      {link && !booked ? (
        <p className="identity-step__later">
          Prefer our scheduling page?{' '}
          <a href={link} target="_blank" rel="noopener noreferrer">
            Book on the scheduling page
            <NewTabNote />
          </a>
        </p>
      ) : null}
    </section>
  );
}
