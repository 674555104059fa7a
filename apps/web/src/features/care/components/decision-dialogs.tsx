import { type Prescription, UPDATE_REASONS, type UpdateReason } from '@portal/domain/care/decisions';
import { CareDenyBody, CareRequestUpdateBody } from '@portal/domain/contracts/care';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { TextArea } from '../../../components/ui/text-area';
import { TextInput } from '../../../components/ui/text-input';
import {
  type FieldErrors as Errors,
  fieldErrors,
  PrescriptionFields,
  usePrescriptionDraft,
} from './prescription-fields';

export { localToday } from './prescription-fields';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  pending: boolean;
  /** The server's message when the decision failed (a 409 when someone else decided first, a 403…). */
  error: string | null;
}

/** Approve: the physician writes the prescription, then confirms (issue 12 §4). */
export function ApproveDialog({
  open,
  onClose,
  pending,
  error,
  defaults,
  onConfirm,
}: DialogProps & {
  defaults: { medication: string; strength: string };
  onConfirm: (prescription: Prescription) => void;
}) {
  const formId = useId();
  const draft = usePrescriptionDraft(defaults);

  function submit(event: FormEvent) {
    event.preventDefault();
    const prescription = draft.check();
    if (prescription) onConfirm(prescription);
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Approve and prescribe"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            Confirm approval
          </Button>
        </>
      }
    >
      <form id={formId} className="care-dialog-form" noValidate onSubmit={submit}>
        <p>The subscription starts and the card held at checkout is charged for the first period.</p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <PrescriptionFields draft={draft} />
      </form>
    </Modal>
  );
}

/** Deny: a reason the patient is told, kindly (issue 12 §4). */
export function DenyDialog({
  open,
  onClose,
  pending,
  error,
  onConfirm,
}: DialogProps & { onConfirm: (reason: string) => void }) {
  const formId = useId();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CareDenyBody.safeParse({ reason });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message);
      return;
    }
    setInvalid(undefined);
    onConfirm(parsed.data.reason);
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Deny the visit"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={pending}>
            Confirm denial
          </Button>
        </>
      }
    >
      <form id={formId} className="care-dialog-form" noValidate onSubmit={submit}>
        <p>
          Nothing is charged and the subscription is canceled. The patient is invited to message the team.
        </p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextArea
          label="Reason"
          value={reason}
          error={invalid}
          onChange={(e) => setReason(e.target.value)}
          rows={4}
        />
      </form>
    </Modal>
  );
}

const REASON_LABELS: Record<UpdateReason, string> = {
  photo: 'A new photo',
  information: 'More information',
};

/** Ask for more: the visit goes back to the patient until they answer or the hold date (issue 12 §4). */
export function RequestUpdateDialog({
  open,
  onClose,
  pending,
  error,
  onConfirm,
}: DialogProps & {
  onConfirm: (body: { reason: UpdateReason; message: string; hold_date?: string }) => void;
}) {
  const formId = useId();
  const [values, setValues] = useState<{ reason: UpdateReason; message: string; hold_date: string }>({
    reason: 'photo',
    message: '',
    hold_date: '',
  });
  const [errors, setErrors] = useState<Errors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CareRequestUpdateBody.safeParse({
      reason: values.reason,
      message: values.message,
      ...(values.hold_date ? { hold_date: values.hold_date } : {}),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    onConfirm(parsed.data);
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Ask the patient for more"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            Send the request
          </Button>
        </>
      }
    >
      <form id={formId} className="care-dialog-form" noValidate onSubmit={submit}>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Select
          label="What is needed"
          options={UPDATE_REASONS.map((r) => ({ value: r, label: REASON_LABELS[r] }))}
          value={values.reason}
          onChange={(e) => setValues((v) => ({ ...v, reason: e.target.value as UpdateReason }))}
        />
        <TextArea
          label="Message to the patient"
          value={values.message}
          error={errors.message}
          onChange={(e) => setValues((v) => ({ ...v, message: e.target.value }))}
          rows={4}
        />
        <TextInput
          label="Hold the visit until"
          type="date"
          value={values.hold_date}
          error={errors.hold_date}
          hint="Optional."
          onChange={(e) => setValues((v) => ({ ...v, hold_date: e.target.value }))}
        />
      </form>
    </Modal>
  );
}
