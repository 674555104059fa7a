import { CareCompleteCallBody, type CareResolveAlertBody } from '@portal/domain/contracts/care';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextArea } from '../../../components/ui/text-area';

/**
 * Marks a booked call (or an alert about a patient) done with what came of it; the outcome joins the chart's
 * private notes.
 */
export function CompleteCallDialog({
  title,
  summary,
  hint = "What came of the call. It is added to the patient's private notes.",
  schema = CareCompleteCallBody,
  onClose,
  pending,
  error,
  onConfirm,
}: {
  title: string;
  summary: string;
  hint?: string;
  schema?: typeof CareCompleteCallBody | typeof CareResolveAlertBody;
  onClose: () => void;
  pending: boolean;
  error: string | null;
  onConfirm: (outcome: string) => void;
}) {
  const formId = useId();
  const [outcome, setOutcome] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = schema.safeParse({ outcome });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message);
      return;
    }
    setInvalid(undefined);
    onConfirm(parsed.data.outcome);
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            Mark done
          </Button>
        </>
      }
    >
      <form id={formId} className="care-dialog-form" noValidate onSubmit={submit}>
        <p>{summary}</p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextArea
          label="Outcome"
          hint={hint}
          value={outcome}
          error={invalid}
          onChange={(e) => setOutcome(e.target.value)}
          rows={4}
        />
      </form>
    </Modal>
  );
}
