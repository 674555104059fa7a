import type { ProductType } from '@portal/domain/contracts/product';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

export interface SubscriptionExistsPanelProps {
  open: boolean;
  productName: string;
  productType: ProductType;
  /** The product offers a one-time plan. */
  hasOneTimeOption: boolean;
  onOneTimePurchase: () => void;
  onManageSubscription: () => void;
  onModifyTreatment: () => void;
  onClose: () => void;
}

/**
 * 'Subscription Already Exists' (000 §2 Screen 11): the patient already has a live subscription for the
 * product. One Time Purchase only for lab or supplement products with a one-time option; Modify Treatment
 * only for medication.
 */
export function SubscriptionExistsPanel(props: SubscriptionExistsPanelProps) {
  const oneTime =
    props.hasOneTimeOption && (props.productType === 'lab' || props.productType === 'supplement');
  const medication = props.productType === 'medication';
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title="Subscription Already Exists"
      actions={
        <>
          {oneTime ? <Button onClick={props.onOneTimePurchase}>One Time Purchase</Button> : null}
          <Button variant={oneTime ? 'secondary' : 'primary'} onClick={props.onManageSubscription}>
            Manage Subscription
          </Button>
          {medication ? (
            <Button variant="secondary" onClick={props.onModifyTreatment}>
              Modify Treatment
            </Button>
          ) : null}
          <Button variant="ghost" onClick={props.onClose}>
            Close
          </Button>
        </>
      }
    >
      <p>
        You already have a subscription for {props.productName}.{' '}
        {medication
          ? 'Manage it from your dashboard, or modify this treatment to request a change.'
          : 'Manage it from your dashboard.'}
        {oneTime ? ' You can also order it once without a subscription.' : ''}
      </p>
    </Modal>
  );
}
