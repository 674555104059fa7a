import { WIDE_TOOLTIP_MIN_CHARS } from '@portal/domain/constants';
import { useId, useState } from 'react';

/**
 * An info button whose tooltip shows on hover, focus or a tap, and goes on Escape (WCAG 1.4.13). The text is
 * the button's description, so a screen reader hears it with the button. Over 50 characters the tooltip is
 * wide (002 §2.2, §9).
 */
export function InfoTooltip({ label, text }: { label: string; text: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const wide = text.length > WIDE_TOOLTIP_MIN_CHARS;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering the wrapper keeps the tooltip open while the pointer is over it
    <span className="labs-tooltip" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="labs-tooltip__button"
        aria-label={label}
        aria-describedby={id}
        aria-expanded={open}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12 16v-5m0-3h.01" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <span
        id={id}
        role="tooltip"
        className={`labs-tooltip__bubble${wide ? ' labs-tooltip__bubble--wide' : ''}`}
        hidden={!open}
      >
        {text}
      </span>
    </span>
  );
}
