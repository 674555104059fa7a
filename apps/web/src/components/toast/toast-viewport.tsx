import { NOTIFICATION_TITLES } from '@portal/domain/messages';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../ui/alert';
import { type Toast, toast } from './toast-store';
import './toast.css';

/**
 * One notification, titled by its kind (NOTIFICATION_TITLES). Errors and warnings are announced at once
 * (role=alert), successes and notes politely (role=status), by the Alert it is drawn with. Its time runs only
 * while the patient is neither pointing at it nor focused in it (WCAG 2.2.1), so it never goes mid-read.
 */
export function ToastItem({ item }: { item: Toast }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remaining = useRef(item.durationMs);
  const paused = hovered || focused;

  useEffect(() => {
    const left = remaining.current;
    if (paused || left === null) return;
    const started = Date.now();
    const timer = setTimeout(() => toast.dismiss(item.id), left);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, left - (Date.now() - started));
    };
  }, [paused, item.id]);

  return (
    <li
      className={`toast toast--${item.kind}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') toast.dismiss(item.id);
      }}
    >
      <Alert tone={item.kind} title={NOTIFICATION_TITLES[item.kind]} onClose={() => toast.dismiss(item.id)}>
        <p className="toast__message">{item.message}</p>
      </Alert>
    </li>
  );
}

/** The stack at the screen's bottom corner, newest last (full width on a phone). */
export default function ToastViewport({ toasts }: { toasts: readonly Toast[] }) {
  return (
    <section className="toast-viewport" aria-label="Notifications">
      <ol className="toast-viewport__list">
        {toasts.map((item) => (
          <ToastItem key={item.id} item={item} />
        ))}
      </ol>
    </section>
  );
}
