import type { CareResolveRequestBody } from '@portal/domain/contracts/care';
import { CareResolveRequestBody as ResolveSchema } from '@portal/domain/contracts/care';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextArea } from '../../../components/ui/text-area';
import { PrescriptionFields, usePrescriptionDraft } from './prescription-fields';

type Decision = CareResolveRequestBody['decision'];

const CHOICES: readonly { value: Decision; label: string }[] = [
  { value: 'approve', label: 'Approve with a new prescription' },
  { value: 'decline', label: 'Decline with a message' },
];

/**
 * A physician's answer to a prescription-change request (issue 12 §6): a new prescription, or a message
 * declining it. Either way the subscription leaves `prescription_requested` and the patient is told.
 */
export function ResolveRequestDialog({
  onClose,
  pending,
  error,
  summary,
  defaults,
  onConfirm,
}: {
  onClose: () => void;
  pending: boolean;
  /** The server's message when the answer failed (a 409 when someone answered first, a 403…). */
  error: string | null;
  /** What the patient asked for, in a sentence. */
  summary: string;
  defaults: { medication: string; strength: string };
  onConfirm: (body: CareResolveRequestBody) => void;
}) {
  const formId = useId();
  const name = useId();
  const [decision, setDecision] = useState<Decision>('approve');
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string | undefined>();
  const draft = usePrescriptionDraft(defaults);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = message.trim();
    if (decision === 'approve') {
      const prescription = draft.check();
      if (!prescription) return;
      onConfirm({ decision, prescription, ...(trimmed ? { message: trimmed } : {}) });
      return;
    }
    const parsed = ResolveSchema.safeParse({ decision, message });
    if (!parsed.success) {
      setMessageError(parsed.error.issues[0]?.message);
      return;
    }
    setMessageError(undefined);
    onConfirm(parsed.data);
  }

  return (
    <Modal
      open
      onClose={onClose}
      title="Answer the request"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant={decision === 'decline' ? 'danger' : 'primary'}
            loading={pending}
          >
            {decision === 'approve' ? 'Confirm new prescription' : 'Confirm decline'}
          </Button>
        </>
      }
    >
      <form id={formId} className="care-dialog-form" noValidate onSubmit={submit}>
        <p>{summary}</p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <fieldset className="care-choice">
          <legend className="care-choice__legend">Decision</legend>
          {CHOICES.map((choice) => (
            <label key={choice.value} className="care-choice__option">
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={decision === choice.value}
                onChange={() => setDecision(choice.value)}
              />
              <span>{choice.label}</span>
            </label>
          ))}
        </fieldset>
        {decision === 'approve' ? <PrescriptionFields draft={draft} /> : null}
        <TextArea
          label={decision === 'approve' ? 'Message to the patient' : 'Why the request is declined'}
          hint={decision === 'approve' ? 'Optional.' : 'The patient reads this message.'}
          value={message}
          error={decision === 'decline' ? messageError : undefined}
          onChange={(e) => setMessage(e.target.value)}
          rows={3}
        />
      </form>
    </Modal>
  );
}
