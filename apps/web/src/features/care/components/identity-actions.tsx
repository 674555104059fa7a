import { staffCan } from '@portal/domain/care/staff-roles';
import { CareIdentityBody } from '@portal/domain/contracts/care';
import { type FormEvent, useId, useState } from 'react';
import { useRecordIdentity } from '../../../api/care/identity';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextArea } from '../../../components/ui/text-area';
import { useSessionUser } from '../../../lib/session';
import '../identity.css';

/**
 * The identity check (issue 12 §5): having compared the ID with the selfie, staff who may verify identity
 * mark it verified (which locks the name, sex and birthday, 001 §2) or reject it with what the patient
 * should do; the patient is asked for new photos. The chart's badge follows once the chart is read again.
 */
export function IdentityActions({ patientId, status }: { patientId: string; status: string }) {
  const role = useSessionUser()?.role ?? '';
  const record = useRecordIdentity(patientId);
  const [rejecting, setRejecting] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  if (!staffCan(role, 'verify_identity')) return null;

  const verified = status === 'completed';
  return (
    <div className="care-identity-actions">
      <div role="status" className="care-identity-actions__status">
        {done ? <Alert tone="success">{done}</Alert> : null}
      </div>
      {record.error && !rejecting ? <Alert tone="error">{record.error.message}</Alert> : null}
      {verified ? (
        <p className="care-muted">The identity is verified: name, sex and birthday are locked.</p>
      ) : (
        <>
          <p className="care-muted">Compare the ID with the selfie, then record the outcome.</p>
          <Button
            loading={record.isPending && record.variables?.status === 'completed'}
            onClick={() =>
              record.mutate(
                { status: 'completed' },
                { onSuccess: () => setDone('Identity verified. The patient has been told.') },
              )
            }
          >
            Verify identity
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              record.reset();
              setRejecting(true);
            }}
          >
            Reject
          </Button>
        </>
      )}
      {rejecting ? (
        <RejectDialog
          pending={record.isPending}
          error={record.error?.message ?? null}
          onClose={() => setRejecting(false)}
          onConfirm={(reason) =>
            record.mutate(
              { status: 'rejected', reason },
              {
                onSuccess: () => {
                  setRejecting(false);
                  setDone('Identity rejected. The patient has been asked for new photos.');
                },
              },
            )
          }
        />
      ) : null}
    </div>
  );
}

function RejectDialog({
  pending,
  error,
  onClose,
  onConfirm,
}: {
  pending: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const formId = useId();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CareIdentityBody.safeParse({ status: 'rejected', reason });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message);
      return;
    }
    setInvalid(undefined);
    onConfirm(parsed.data.reason ?? '');
  }

  return (
    <Modal
      open
      onClose={onClose}
      title="Reject the identity photos"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={pending}>
            Confirm rejection
          </Button>
        </>
      }
    >
      <form id={formId} className="care-dialog-form" noValidate onSubmit={submit}>
        <p>The patient is asked to upload new photos of their ID and of themself, with your reason.</p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextArea
          label="Reason"
          hint="The patient reads this."
          value={reason}
          error={invalid}
          onChange={(e) => setReason(e.target.value)}
          rows={4}
        />
      </form>
    </Modal>
  );
}
