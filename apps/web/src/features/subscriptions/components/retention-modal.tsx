import type { SubscriptionDetails } from '@portal/domain/contracts/subscription';
import { retentionBlockedText, retentionOffer } from '@portal/domain/subscriptions/retention';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { updateCancellationInfo } from '../../../api/subscriptions';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

/**
 * The retention offer shown before a cancellation (001 §4, §9). With no attempt yet it offers 20% off the
 * next renewal plus a free longevity consultation. Continue (only when the attempt may be counted) records
 * it and goes to book the consultation; otherwise the patient is told what cancelling would void, with
 * Dismiss. 'Cancel My Treatment' goes on to the cancel modal.
 */
export function RetentionModal({
  subscription,
  onClose,
  onCancelTreatment,
  onCounted,
  now = new Date(),
}: {
  subscription: SubscriptionDetails;
  onClose: () => void;
  onCancelTreatment: () => void;
  onCounted: (updated: SubscriptionDetails) => void;
  now?: Date;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const offer = retentionOffer(subscription.cancellation_info, now);

  async function accept() {
    if (busy) return;
    setBusy(true);
    try {
      const updated = await updateCancellationInfo(subscription._id, true);
      onCounted(updated);
      void navigate(
        `/schedule-subscription/${encodeURIComponent(subscription._id)}?canIncrementCancellationAttempt=${offer.canContinue}`,
      );
    } catch (error) {
      console.error('cancellation info update failed', error);
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      title="Before You Go"
      actions={
        <>
          <Button variant="ghost" onClick={onCancelTreatment}>
            Cancel My Treatment
          </Button>
          {offer.canContinue ? (
            <Button loading={busy} onClick={() => void accept()}>
              Continue
            </Button>
          ) : (
            <Button onClick={onClose}>Dismiss</Button>
          )}
        </>
      }
    >
      {offer.canContinue ? (
        offer.discount ? (
          <p>
            Stay with {subscription.name} and get <strong>20% off your next renewal</strong> plus a{' '}
            <strong>free longevity consultation</strong> with our clinical team to get your protocol right.
          </p>
        ) : (
          <p>
            Before you cancel, book a <strong>free longevity consultation</strong> with our clinical team: we
            may be able to adjust your protocol.
          </p>
        )
      ) : (
        <p>{retentionBlockedText(offer)}</p>
      )}
    </Modal>
  );
}
