import type { SubscriptionDetails } from '@portal/domain/contracts/subscription';
import { formatBillingDate } from '@portal/domain/subscriptions/status';
import { useState } from 'react';
import { Link } from 'react-router';
import { resumeSubscription } from '../../../api/subscriptions';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

/**
 * Resume (001 §4): default then success. 'Resume Now & Ship' bills and ships today (shipNow true); 'Resume'
 * continues at the next billing date. A failure is only logged and the modal stays.
 */
export function ResumeModal({
  subscription,
  userId,
  onClose,
  onDone,
}: {
  subscription: SubscriptionDetails;
  userId: string;
  onClose: () => void;
  onDone: (updated: SubscriptionDetails) => void;
}) {
  const [busy, setBusy] = useState<'now' | 'later' | null>(null);
  const [result, setResult] = useState<{ shipNow: boolean; sub: SubscriptionDetails } | null>(null);

  async function resume(shipNow: boolean) {
    if (busy) return;
    setBusy(shipNow ? 'now' : 'later');
    try {
      const updated = await resumeSubscription(subscription._id, shipNow);
      setResult({ shipNow, sub: updated });
      onDone(updated);
    } catch (error) {
      console.error('subscription resume failed', error);
    } finally {
      setBusy(null);
    }
  }

  if (result) {
    const next = result.sub.billing?.scheduled_date;
    return (
      <Modal
        open
        onClose={onClose}
        title="Subscription Resumed"
        actions={<Button onClick={onClose}>Done</Button>}
      >
        <p>
          {result.shipNow
            ? `Your ${subscription.name} subscription has been resumed. Your order will ship today.`
            : `Your ${subscription.name} subscription has been resumed.${next ? ` Your next billing date is ${formatBillingDate(Date.parse(next))}.` : ''}`}
        </p>
      </Modal>
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      title="Resume Subscription"
      actions={
        <>
          <Link className={buttonClassName({ variant: 'ghost' })} to={`/messages/${userId}/new`}>
            Message Us
          </Link>
          <Button
            variant="secondary"
            loading={busy === 'later'}
            disabled={busy === 'now'}
            onClick={() => void resume(false)}
          >
            Resume
          </Button>
          <Button loading={busy === 'now'} disabled={busy === 'later'} onClick={() => void resume(true)}>
            Resume Now &amp; Ship
          </Button>
        </>
      }
    >
      <p>
        Resume now and we will bill and ship your {subscription.name} today, or resume and continue at your
        next billing date.
      </p>
    </Modal>
  );
}
