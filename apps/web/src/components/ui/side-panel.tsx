import { type ReactNode, useId } from 'react';
import { createPortal } from 'react-dom';
import { useDialogFocus } from './use-dialog-focus';
import './side-panel.css';

export interface SidePanelProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Accessible name of the close button. */
  closeLabel?: string;
}

/**
 * A modal drawer from the right edge (full width on phones). Focus moves into the panel, Tab stays inside,
 * Escape or the backdrop closes it, and focus returns to whatever opened it.
 */
export function SidePanel({ open, onClose, title, children, closeLabel = 'Close' }: SidePanelProps) {
  const titleId = useId();
  const { ref: panelRef, onKeyDown } = useDialogFocus(open, onClose);

  if (!open) return null;

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop only closes on a pointer click; Escape is handled by the dialog
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <div
      className="ui-panel-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        className="ui-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="ui-panel__header">
          <h2 className="ui-panel__title" id={titleId}>
            {title}
          </h2>
          <button type="button" className="ui-panel__close" aria-label={closeLabel} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="ui-panel__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
