import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import './detail-page.css';

/** Where a detail page leads back to: the list it was opened from. */
export interface BackTo {
  to: string;
  label: string;
}

export function DetailBackLink({ to, label }: BackTo) {
  return (
    <Link className="detail-page__back" to={to}>
      <span aria-hidden="true">‹</span> {label}
    </Link>
  );
}

/** The frame of every detail page: the way back, then the content. */
export function DetailFrame({
  back,
  labelledBy,
  children,
}: {
  back: BackTo;
  labelledBy?: string;
  children: ReactNode;
}) {
  return (
    <section className="detail-page" aria-labelledby={labelledBy}>
      <DetailBackLink {...back} />
      {children}
    </section>
  );
}

export function DetailLoading({ back, label }: { back: BackTo; label: string }) {
  return (
    <DetailFrame back={back}>
      <div className="detail-page__loading">
        <Spinner size="lg" label={label} />
      </div>
    </DetailFrame>
  );
}

/**
 * An item that does not exist or is not the patient's, inside the shell: it names what was not found and
 * leads back to the list rather than ending in an error screen.
 */
export function DetailNotFound({ back, title, text }: { back: BackTo; title: string; text: string }) {
  return (
    <DetailFrame back={back} labelledBy="detail-not-found-title">
      <div className="detail-page__state">
        <h1 className="detail-page__title" id="detail-not-found-title">
          {title}
        </h1>
        <p className="detail-page__muted">{text}</p>
      </div>
    </DetailFrame>
  );
}

/** A failed load (network or server): the page's name, the message and Try Again. */
export function DetailLoadError({
  back,
  title,
  text,
  onRetry,
  retrying,
}: {
  back: BackTo;
  title: string;
  text: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <DetailFrame back={back} labelledBy="detail-error-title">
      <h1 className="detail-page__title" id="detail-error-title">
        {title}
      </h1>
      <Alert tone="error">
        {text}{' '}
        <Button variant="ghost" size="sm" loading={retrying} onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    </DetailFrame>
  );
}

/** Terms and values of an item, as a description list that stacks on phones. */
export function DetailFacts({ facts, label }: { facts: readonly [string, ReactNode][]; label?: string }) {
  if (facts.length === 0) return null;
  return (
    <dl className="detail-page__facts" aria-label={label}>
      {facts.map(([term, value]) => (
        <div className="detail-page__fact" key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
