import { dashboardPath } from '@portal/domain/consultation/consultation-path';
import type { Appointment } from '@portal/domain/contracts/appointment';
import { isObjectId } from '@portal/domain/ids';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { subscriptionKeys } from '../../../api/subscriptions';
import { BookingConfirmation } from '../../../components/slot-picker/booking-confirmation';
import { SlotPicker } from '../../../components/slot-picker/slot-picker';
import { useSessionUser } from '../../../lib/session';
import '../../../components/step-page/step-page.css';

/**
 * /schedule-subscription/{subscriptionId} (001 §2, §4 retention offer): the free longevity consultation the
 * offer promises, booked with a physician licensed in the patient's state. The cancellation attempt was
 * already counted when the patient chose the offer (canIncrementCancellationAttempt), so nothing is counted
 * here; the booking dates the consultation on the subscription.
 */
export default function ScheduleSubscriptionPage() {
  const { subscriptionId } = useParams();
  const user = useSessionUser();
  const userId = user?._id ?? '';
  const queryClient = useQueryClient();
  const [booked, setBooked] = useState<Appointment | null>(null);

  return (
    <section className="consult-step identity-step" aria-labelledby="consultation-title">
      <Link className="identity-step__back" to={dashboardPath(userId, 'subscriptions')}>
        <span aria-hidden="true">←</span> Subscriptions
      </Link>
      <header className="consult-step__header">
        <p className="consult-step__eyebrow">Your offer</p>
        <h1 className="consult-step__title" id="consultation-title">
          Book your free longevity consultation
        </h1>
        {booked ? null : (
          <p className="consult-step__lead">
            Talk through your protocol with a physician before you decide anything: a 30-minute video call, on
            us. Your 20% off the next renewal is already applied.
          </p>
        )}
      </header>
      {booked ? (
        <BookingConfirmation appointment={booked} userId={userId} />
      ) : (
        <SlotPicker
          kind="consultation"
          subscriptionId={isObjectId(subscriptionId) ? subscriptionId : undefined}
          onBooked={(appointment) => {
            setBooked(appointment);
            void queryClient.invalidateQueries({ queryKey: subscriptionKeys.list(userId) });
          }}
        />
      )}
    </section>
  );
}
