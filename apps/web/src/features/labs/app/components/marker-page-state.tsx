import { MESSAGES } from '@portal/domain/messages';
import { UNSAFE_ErrorResponseImpl as ErrorResponse, Link } from 'react-router';
import type { LabPanelOverview } from '../../../../api/labs';
import { Alert } from '../../../../components/ui/alert';
import { Button, buttonClassName } from '../../../../components/ui/button';
import { isApiError } from '../../../../lib/api-error';
import { panelPath } from './panel-nav';

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
