import { type ReactNode, useId } from 'react';

export interface WidgetCardProps {
  title: string;
  /** A short line above the title. */
  eyebrow?: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** Spans both grid columns (the last of an odd number of widgets). */
  wide?: boolean;
  tone?: 'default' | 'brand' | 'warning';
  className?: string;
}

/** The frame every dashboard widget shares: a region named by its heading, text, then its actions. */
export function WidgetCard({
  title,
  eyebrow,
  children,
  actions,
  wide = false,
  tone = 'default',
  className,
}: WidgetCardProps) {
  const titleId = useId();
  return (
    <section
      className={['widget', `widget--${tone}`, wide && 'widget--wide', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
    >
      {eyebrow ? <p className="widget__eyebrow">{eyebrow}</p> : null}
      <h2 className="widget__title" id={titleId}>
        {title}
      </h2>
      {children ? <div className="widget__body">{children}</div> : null}
      {actions ? <div className="widget__actions">{actions}</div> : null}
    </section>
  );
}
