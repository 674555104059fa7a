import type { SubscriptionDetails } from '@portal/domain/contracts/subscription';
import { MESSAGES } from '@portal/domain/messages';
import { CANCEL_REASONS, PAUSE_REASONS, reasonToSend } from '@portal/domain/subscriptions/reasons';
import { useState } from 'react';
import { Link } from 'react-router';
import { cancelSubscription, pauseSubscription } from '../../../api/subscriptions';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { ReasonPicker } from './reason-picker';

type View = 'default' | 'pause' | 'cancel' | 'success';

/**
 * Pause or cancel (001 §4 "Modal flows"): views default, pause, cancel and success. Opened by Pause it is in
 * pause mode (no cancel option); the pause option is hidden for a paused subscription. Nothing is sent
 * without a reason or, for Other, a description. A failure is logged and the modal stays (001 §8), saying so
 * ('Unable to cancel subscription. Please try again later.'; the same with pause for a pause).
 */
export function CancelModal({
  subscription,
  mode,
  userId,
  onClose,
  onDone,
}: {
  subscription: SubscriptionDetails;
  mode: 'pause' | 'cancel';
  userId: string;
  onClose: () => void;
  onDone: (updated: SubscriptionDetails) => void;
}) {
  const [view, setView] = useState<View>('default');
  const [done, setDone] = useState<'paused' | 'canceled'>('paused');
  const [choice, setChoice] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const paused = subscription.status === 'paused';

  const reasons = view === 'pause' ? PAUSE_REASONS : CANCEL_REASONS;
  const reason = reasonToSend(choice, description, reasons);

  function open(next: 'pause' | 'cancel') {
    setChoice(null);
    setDescription('');
    setFailed(false);
    setView(next);
  }

  async function submit() {
    if (!reason || busy) return;
    setBusy(true);
    setFailed(false);
    try {
      const updated =
        view === 'pause'
          ? await pauseSubscription(subscription._id, reason)
          : await cancelSubscription(subscription._id, reason);
      setDone(view === 'pause' ? 'paused' : 'canceled');
      setView('success');
      onDone(updated);
    } catch (error) {
      console.error('subscription update failed', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  const messageUs = (
    <Link className={buttonClassName({ variant: 'ghost' })} to={`/messages/${userId}/new`}>
      Message Us
    </Link>
  );

  if (view === 'success') {
    return (
      <Modal
        open
        onClose={onClose}
        title={done === 'paused' ? 'Subscription Paused' : 'Subscription Canceled'}
        actions={<Button onClick={onClose}>Done</Button>}
      >
        <p>
          {done === 'paused'
            ? `Your ${subscription.name} subscription has been paused. You can resume at anytime.`
            : `Your ${subscription.name} subscription has been canceled.`}
        </p>
      </Modal>
    );
  }

  if (view === 'pause' || view === 'cancel') {
    return (
      <Modal
        open
        onClose={onClose}
        title={view === 'pause' ? 'Pause Subscription' : 'Cancel Subscription'}
        actions={
          <>
            <Button variant="secondary" onClick={() => setView('default')}>
              Back
            </Button>
            <Button
              variant={view === 'cancel' ? 'danger' : 'primary'}
              disabled={!reason}
              loading={busy}
              onClick={() => void submit()}
            >
              Submit
            </Button>
          </>
        }
      >
        {failed ? (
          <Alert tone="error">
            {view === 'pause'
              ? MESSAGES.subscriptionCancelFailure.replace('cancel', 'pause')
              : MESSAGES.subscriptionCancelFailure}
          </Alert>
        ) : null}
        <ReasonPicker
          legend={view === 'pause' ? 'Why would you like to pause?' : 'Why would you like to cancel?'}
          reasons={reasons}
          choice={choice}
          description={description}
          onChoice={setChoice}
          onDescription={setDescription}
        />
      </Modal>
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={mode === 'pause' ? 'Pause Subscription' : 'Manage Subscription'}
      actions={
        <>
          {messageUs}
          {!paused ? (
            <Button variant={mode === 'pause' ? 'primary' : 'secondary'} onClick={() => open('pause')}>
              Pause my subscription
            </Button>
          ) : null}
          {mode !== 'pause' ? (
            <Button variant="danger" onClick={() => open('cancel')}>
              Cancel my subscription
            </Button>
          ) : null}
        </>
      }
    >
      <p>
        {mode === 'pause'
          ? `Pausing stops billing and shipments of ${subscription.name} until you resume. You can resume at anytime.`
          : paused
            ? `Your ${subscription.name} subscription is paused. Cancelling ends it for good.`
            : `Not ready to cancel? You can pause ${subscription.name} instead and resume at anytime.`}
      </p>
    </Modal>
  );
}
