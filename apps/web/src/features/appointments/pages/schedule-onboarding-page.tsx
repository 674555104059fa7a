import { dashboardPath } from '@portal/domain/consultation/consultation-path';
import type { Appointment } from '@portal/domain/contracts/appointment';
import { useState } from 'react';
import { Link } from 'react-router';
import { BookingConfirmation } from '../../../components/slot-picker/booking-confirmation';
import { SlotPicker } from '../../../components/slot-picker/slot-picker';
import { useSessionUser } from '../../../lib/session';
import '../../../components/step-page/step-page.css';

/**
 * /schedule-onboarding and /dashboard/{userId}/schedule-onboarding (001 §2): the welcome call with a physician
 * licensed in the patient's state, booked through the portal's scheduler like every other booking.
 */
export default function ScheduleOnboardingPage() {
  const user = useSessionUser();
  const userId = user?._id ?? '';
  const [booked, setBooked] = useState<Appointment | null>(null);
  return (
    <section className="consult-step identity-step" aria-labelledby="onboarding-title">
      <Link className="identity-step__back" to={dashboardPath(userId)}>
        <span aria-hidden="true">←</span> Dashboard
      </Link>
      <header className="consult-step__header">
        <p className="consult-step__eyebrow">Welcome</p>
        <h1 className="consult-step__title" id="onboarding-title">
          Book your onboarding call
        </h1>
        {booked ? null : (
          <p className="consult-step__lead">
            Meet your physician: a 30-minute video call to go through your goals, your history and the plan
            that fits you.
          </p>
        )}
      </header>
      {booked ? (
        <BookingConfirmation appointment={booked} userId={userId} />
      ) : (
        <SlotPicker kind="consultation" onBooked={setBooked} />
      )}
    </section>
  );
}
