import { MESSAGES } from '@portal/domain/messages';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';

export interface UnavailableStateModalProps {
  open: boolean;
  /** Lab products get the lab-testing text and View Our Protocols; medication the expansion text and Continue Visit. */
  kind: 'medication' | 'lab';
  /** The chosen state's name, e.g. New York. */
  stateName: string;
  /** Continue Visit (medication) or View Our Protocols (lab). */
  onPrimary: () => void;
  /** Enter Dashboard: saves the profile, then opens messages. */
  onEnterDashboard: () => void;
  onClose: () => void;
  saving: boolean;
  saveError: string | null;
}

/** The unavailable-state modal (000 §2 Screen 12): 'We are sorry :(' with the badge Coming Soon. */
export function UnavailableStateModal({
  open,
  kind,
  stateName,
  onPrimary,
  onEnterDashboard,
  onClose,
  saving,
  saveError,
}: UnavailableStateModalProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      eyebrow={<span className="consult-badge">{MESSAGES.unavailableStateBadge}</span>}
      title={MESSAGES.unavailableStateTitle}
      actions={
        <>
          <Button block onClick={onPrimary} disabled={saving}>
            {kind === 'lab' ? 'View Our Protocols' : 'Continue Visit'}
          </Button>
          <Button block variant="secondary" onClick={onEnterDashboard} loading={saving}>
            Enter Dashboard
          </Button>
        </>
      }
    >
      {kind === 'lab' ? (
        <p>{MESSAGES.labRestrictedState}</p>
      ) : (
        <>
          <p>
            Due to regulatory restrictions, our physicians are not able to see patients located in{' '}
            {stateName || 'your state'} at this time.
          </p>
          <p>
            We are working hard to expand to more states and will let you know as soon as we can care for you
            there. In the meantime, our care team is happy to answer your questions.
          </p>
        </>
      )}
      {saveError ? <Alert tone="error">{saveError}</Alert> : null}
    </Modal>
  );
}
