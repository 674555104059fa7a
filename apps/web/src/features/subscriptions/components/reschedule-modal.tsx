import type { SubscriptionDetails } from '@portal/domain/contracts/subscription';
import {
  isRescheduleOverdue,
  isSelectableRescheduleDate,
  rescheduleTimeOf,
} from '@portal/domain/subscriptions/reschedule';
import { formatBillingDate } from '@portal/domain/subscriptions/status';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { rescheduleSubscription } from '../../../api/subscriptions';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { localToday, prescriptionExpiration, windowOf } from '../lib/subscription-view';

/** The calendar and its library (React Aria Components, decision 015) load when a reschedule dialog opens. */
const DatePicker = lazy(() => import('./date-picker'));

const dateText = (iso: string) => formatBillingDate(Date.parse(iso));

/**
 * Reschedule (001 §4, §9): a calendar limited to the window, the scheduled date disabled, the day after it
 * preselected. A date after the prescription expires shows the 'overdue' warning and the button reads
 * Continue. A failure is only logged and the modal stays.
 */
export function RescheduleModal({
  subscription,
  userId,
  onClose,
  onDone,
  today = localToday(),
}: {
  subscription: SubscriptionDetails;
  userId: string;
  onClose: () => void;
  onDone: (updated: SubscriptionDetails) => void;
  today?: string;
}) {
  const window = useMemo(() => windowOf(subscription, today), [subscription, today]);
  const [date, setDate] = useState(window?.preselected ?? today);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const expiration = prescriptionExpiration(subscription);
  const overdue = isRescheduleOverdue(date, expiration);

  async function submit() {
    if (!window || busy || !isSelectableRescheduleDate(window, date)) return;
    setBusy(true);
    try {
      const updated = await rescheduleSubscription(subscription._id, rescheduleTimeOf(date));
      setDone(date);
      onDone(updated);
    } catch (error) {
      console.error('subscription reschedule failed', error);
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <Modal
        open
        onClose={onClose}
        title="Subscription Rescheduled"
        actions={<Button onClick={onClose}>Done</Button>}
      >
        <p>Your subscription is set to reschedule on {dateText(done)}.</p>
      </Modal>
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      title="Reschedule Subscription"
      actions={
        <>
          <Link className={buttonClassName({ variant: 'ghost' })} to={`/messages/${userId}/new`}>
            Message Us
          </Link>
          <Button loading={busy} disabled={!window} onClick={() => void submit()}>
            {overdue ? 'Continue' : 'Reschedule'}
          </Button>
        </>
      }
    >
      {window ? (
        <>
          {window.scheduled ? (
            <p className="sub-modal__lead">Your next billing date is {dateText(window.scheduled)}.</p>
          ) : null}
          <Suspense fallback={<div className="sub-calendar sub-calendar--loading" />}>
            <DatePicker
              label="New billing date"
              value={date}
              min={window.earliest}
              max={window.latest}
              isDisabled={(d) => d === window.scheduled}
              onChange={setDate}
            />
          </Suspense>
          <p className="sub-modal__chosen" aria-live="polite">
            New billing date: {dateText(date)}
          </p>
          {overdue && expiration ? (
            <Alert tone="warning" title="Your prescription will be overdue">
              Your prescription expires on {dateText(expiration.slice(0, 10))}, before this date. Continue and
              we will renew your prescription for free; a physician reviews it, typically within 1-2 business
              days.
            </Alert>
          ) : null}
        </>
      ) : (
        <p>This subscription has no billing date to move yet.</p>
      )}
    </Modal>
  );
}
