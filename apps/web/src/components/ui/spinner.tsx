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

/** A centred spinner filling the page area, for route transitions and first loads. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="ui-spinner-page">
      <Spinner size="lg" label={label} />
    </div>
  );
}
