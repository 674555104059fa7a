import { MESSAGES } from '@portal/domain/messages';
import type { ReactElement, ReactNode } from 'react';
import { UNSAFE_ErrorResponseImpl as ErrorResponse, Link } from 'react-router';
import type { LabPanelOverview } from '../../../../api/labs';
import { Alert } from '../../../../components/ui/alert';
import { Button, buttonClassName } from '../../../../components/ui/button';
import { PageSpinner } from '../../../../components/ui/spinner';
import { isApiError } from '../../../../lib/api-error';
import { PanelNav, panelPath } from './panel-nav';

/** An API answer of 404: the panel, report, category or biomarker is not the patient's (or does not exist). */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/**
 * Hands a 404 to the labs app's route error boundary, which shows the not-found content inside the shell
 * (app/crash-screen.tsx InShellRouteErrorScreen): a feature may not import src/app itself (decision 011).
 */
export function throwNotFound(): never {
  throw new ErrorResponse(404, 'Not Found', null);
}

/** A page of the labs app that could not load: its title, the reason and Try again. */
export function MarkerLoadError({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry: () => void;
}) {
  return (
    <section className="markers-page">
      <h1 className="markers-page__title">{title}</h1>
      <Alert tone="error">
        <p>{message}</p>
        <Button variant="ghost" size="sm" onClick={onRetry}>
          {MESSAGES.tryAgain}
        </Button>
      </Alert>
    </section>
  );
}

/** True when the overview says the panel has no reviewed report: its results pages have nothing yet. */
export function awaitingResults(overview: LabPanelOverview | undefined): boolean {
  return !!overview && overview.report === null;
}

/**
 * A results page of a panel whose results are not ready: says so with the latest report's stage, and points
 * to the preparation guideline.
 */
export function MarkerNoResults({ title, overview }: { title: string; overview: LabPanelOverview }) {
  return (
    <section className="markers-card markers-empty" aria-labelledby="markers-empty-title">
      <h1 className="markers-page__title" id="markers-empty-title">
        {title}
      </h1>
      <p>
        Your {overview.name} results are not ready yet: they appear here once your care team has reviewed
        them.
      </p>
      <p>
        Where it stands: <strong>{overview.latestReport.status.name}</strong>
      </p>
      <div>
        <Link
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
          to={panelPath(overview.panelId, 'preparation-guideline')}
        >
          How to prepare for your blood draw
        </Link>
      </div>
    </section>
  );
}

/**
 * What a results page of a panel shows until its read has data: a spinner while it loads; for a 404, the
 * results not ready yet when the panel's overview says so, else the labs app's not-found (thrown); for any
 * other failure the reason with Try again. Null once the read has its data.
 */
export function resultsPageState(
  query: { isPending: boolean; isError: boolean; error: unknown; data: unknown; refetch: () => unknown },
  overview: { isPending: boolean; data?: LabPanelOverview | undefined },
  texts: { loading: string; title: string; loadError: string },
): ReactElement | null {
  const framed = (child: ReactNode) => (
    <div className="markers-page">
      <PanelNav panelName={overview.data?.name} />
      {child}
    </div>
  );
  if (query.isPending) return framed(<PageSpinner label={texts.loading} />);
  // a panel without reviewed results answers 404 too: the overview tells it from a panel that is not there
  if (query.isError && isNotFound(query.error)) {
    if (overview.isPending) return framed(<PageSpinner label={texts.loading} />);
    if (overview.data && awaitingResults(overview.data))
      return framed(<MarkerNoResults title={texts.title} overview={overview.data} />);
    throwNotFound();
  }
  if (!query.data)
    return framed(
      <MarkerLoadError title={texts.title} message={texts.loadError} onRetry={() => void query.refetch()} />,
    );
  return null;
}
