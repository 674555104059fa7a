import type { ReactNode } from 'react';
import './alert.css';

export type AlertTone = 'error' | 'success' | 'warning' | 'info';

export interface AlertProps {
  tone: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Shows a close button. */
  onClose?: () => void;
  className?: string;
}

const ICON_PATHS: Record<AlertTone, string> = {
  error: 'M12 8v5m0 3h.01M10.3 3.9 2.2 18a2 2 0 0 0 1.7 3h16.2a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z',
  warning: 'M12 8v5m0 3h.01M10.3 3.9 2.2 18a2 2 0 0 0 1.7 3h16.2a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z',
  success: 'M20 6 9 17l-5-5',
  info: 'M12 16v-4m0-4h.01M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0Z',
};

/** Errors and warnings are announced at once (role=alert); successes and notes politely (role=status). */
export function Alert({ tone, title, children, onClose, className }: AlertProps) {
  const role = tone === 'error' || tone === 'warning' ? 'alert' : 'status';
  return (
    <div role={role} className={['ui-alert', `ui-alert--${tone}`, className].filter(Boolean).join(' ')}>
      <svg
        className="ui-alert__icon"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d={ICON_PATHS[tone]} />
      </svg>
      <div className="ui-alert__body">
        {title ? <p className="ui-alert__title">{title}</p> : null}
        {children}
      </div>
      {onClose ? (
        <button type="button" className="ui-alert__close" aria-label="Dismiss" onClick={onClose}>
          ×
        </button>
      ) : null}
    </div>
  );
}
