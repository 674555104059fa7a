import { type ReactNode, useId } from 'react';
import { createPortal } from 'react-dom';
import { useDialogFocus } from './use-dialog-focus';
import './modal.css';

export interface ModalProps {
  open: boolean;
  /** Escape and a click on the backdrop call it. */
  onClose: () => void;
  title: ReactNode;
  /** Shown above the title, e.g. a badge. */
  eyebrow?: ReactNode;
  children: ReactNode;
  /** The buttons at the bottom. */
  actions?: ReactNode;
}

/**
 * A centred modal dialog (a bottom sheet on phones). Focus moves into the dialog, Tab stays inside, Escape or
 * the backdrop closes it, and focus returns to whatever opened it.
 */
export function Modal({ open, onClose, title, eyebrow, children, actions }: ModalProps) {
  const titleId = useId();
  const bodyId = useId();
  const { ref: dialogRef, onKeyDown } = useDialogFocus(open, onClose);

  if (!open) return null;

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop only closes on a pointer click; Escape is handled by the dialog
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <div
      className="ui-modal-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className="ui-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {eyebrow ? <div className="ui-modal__eyebrow">{eyebrow}</div> : null}
        <h2 className="ui-modal__title" id={titleId}>
          {title}
        </h2>
        <div className="ui-modal__body" id={bodyId}>
          {children}
        </div>
        {actions ? <div className="ui-modal__actions">{actions}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
