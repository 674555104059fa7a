import { MESSAGES } from '@portal/domain/messages';
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { isApiError } from '../../../../lib/api-error';

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
