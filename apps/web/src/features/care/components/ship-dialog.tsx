import { CareFulfilmentAdvanceBody, type CareFulfilmentOrder } from '@portal/domain/contracts/fulfilment';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextInput } from '../../../components/ui/text-input';
import { personName } from '../lib/labels';

/** Carriers offered as suggestions; any other name may be typed. */
const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL'];

/**
 * Mark shipped: the tracking number (required, as the server requires it) and the carrier, checked by the
 * API's own schema so the messages match its answers. The patient gets the tracking number in their notice.
 */
export function ShipDialog({
  open,
  order,
  pending,
  error,
  onClose,
  onConfirm,
}: {
  open: boolean;
  order: CareFulfilmentOrder;
  pending: boolean;
  /** The server's message when the step failed (someone moved it first, a 403…). */
  error: string | null;
  onClose: () => void;
  onConfirm: (parcel: { tracking_number: string; carrier?: string }) => void;
}) {
  const formId = useId();
  const listId = useId();
  const [tracking, setTracking] = useState('');
  const [carrier, setCarrier] = useState('');
  const [errors, setErrors] = useState<{ tracking_number?: string; carrier?: string }>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CareFulfilmentAdvanceBody.safeParse({
      to: 'shipped',
      tracking_number: tracking,
      carrier,
    });
    const found: typeof errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof typeof errors;
        found[key] ??= issue.message;
      }
    } else if (!parsed.data.tracking_number) {
      found.tracking_number = 'Enter the tracking number to ship the order.';
    }
    setErrors(found);
    if (!parsed.success || found.tracking_number) return;
    onConfirm({
      tracking_number: parsed.data.tracking_number!,
      ...(parsed.data.carrier ? { carrier: parsed.data.carrier } : {}),
    });
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Mark shipped"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            Confirm shipping
          </Button>
        </>
      }
    >
      <form id={formId} className="care-dialog-form" noValidate onSubmit={submit}>
        <p>
          {personName(order.patient)}’s {order.product.name} ships now. They are told, with the tracking
          number.
        </p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextInput
          label="Tracking number"
          value={tracking}
          error={errors.tracking_number}
          onChange={(e) => setTracking(e.target.value)}
          autoComplete="off"
          required
        />
        <TextInput
          label="Carrier (optional)"
          value={carrier}
          error={errors.carrier}
          onChange={(e) => setCarrier(e.target.value)}
          list={listId}
          autoComplete="off"
        />
        <datalist id={listId}>
          {CARRIERS.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
      </form>
    </Modal>
  );
}
