import {
  defaultPrescriptionExpiry,
  type Prescription,
  prescriptionSchema,
  UPDATE_REASONS,
  type UpdateReason,
} from '@portal/domain/care/decisions';
import { CareDenyBody, CareRequestUpdateBody } from '@portal/domain/contracts/care';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { TextArea } from '../../../components/ui/text-area';
import { TextInput } from '../../../components/ui/text-input';

type Errors = Record<string, string | undefined>;

/** The first message of each field a zod check refused. */
function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}

interface DialogProps {
  open: boolean;
  onClose: () => void;
  pending: boolean;
  /** The server's message when the decision failed (a 409 when someone else decided first, a 403…). */
  error: string | null;
}

/** The clinic's date, YYYY-MM-DD, for the prescription's expiry rules. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
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
  const today = localToday();
  const formId = useId();
  const [values, setValues] = useState({
    medication: defaults.medication,
    strength: defaults.strength,
    instructions: '',
    expires_on: defaultPrescriptionExpiry(today),
  });
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = prescriptionSchema(today).safeParse(values);
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
        <TextInput
          label="Medication"
          value={values.medication}
          error={errors.medication}
          onChange={(e) => set('medication')(e.target.value)}
          autoComplete="off"
        />
        <TextInput
          label="Strength"
          value={values.strength}
          error={errors.strength}
          onChange={(e) => set('strength')(e.target.value)}
          autoComplete="off"
        />
        <TextArea
          label="Instructions for the patient"
          value={values.instructions}
          error={errors.instructions}
          onChange={(e) => set('instructions')(e.target.value)}
          rows={3}
        />
        <TextInput
          label="Expiry date"
          type="date"
          value={values.expires_on}
          error={errors.expires_on}
          onChange={(e) => set('expires_on')(e.target.value)}
          hint="At most one year from today."
        />
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
