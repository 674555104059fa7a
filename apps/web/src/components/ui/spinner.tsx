import { LOADING_SCREEN_FADE_MS, LOADING_SCREEN_MS } from '@portal/domain/constants';
import type { CSSProperties } from 'react';
import './spinner.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Text for assistive technology; ignored when decorative. */
  label?: string;
  /** Hide from assistive technology (e.g. inside a busy button whose label already says what happens). */
  decorative?: boolean;
}

export function Spinner({ size = 'md', label = 'Loading', decorative = false }: SpinnerProps) {
  const className = `ui-spinner${size === 'md' ? '' : ` ui-spinner--${size}`}`;
  if (decorative) return <span className={className} aria-hidden="true" />;
  return (
    <span role="status" className="ui-spinner-wrap">
      <span className={className} aria-hidden="true" />
      <span className="ui-visually-hidden">{label}</span>
    </span>
  );
}

/**
 * The loading screen's two phases (000 §9, 001 §9: 1.5 s, then 0.75 s), read so that nobody waits for them:
 * for its first 1.5 s the screen stays calm (a quick load never flashes a spinner), then the spinner fades in
 * over 0.75 s. Assistive technology hears "Loading" at once.
 */
const LOADING_SCREEN_TIMING = {
  '--ui-loading-after': `${LOADING_SCREEN_MS}ms`,
  '--ui-loading-fade': `${LOADING_SCREEN_FADE_MS}ms`,
} as CSSProperties;

/** A centred spinner filling the page area, for route transitions and first loads. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="ui-spinner-page" style={LOADING_SCREEN_TIMING}>
      <Spinner size="lg" label={label} />
    </div>
  );
}
