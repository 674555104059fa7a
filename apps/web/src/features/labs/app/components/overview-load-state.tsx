import { MESSAGES } from '@portal/domain/messages';
// biome-ignore lint/style/noRestrictedImports: the labs app's 404 is the app's own not-found content (002 §2.1), one text for both
import { NotFoundContent } from '../../../../app/pages/not-found-page';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiError } from '../../../../lib/api-error';

/** The labs app's 404 (002 §2.1): "404 - Page Not Found", inside the shell. */
export const LabsNotFound = NotFoundContent;

/** A labs-app read on its way. */
export function LabsAppLoading({ label }: { label: string }) {
  return (
    <div className="labs-ov__loading">
      <Spinner label={label} />
    </div>
  );
}

/**
 * A labs-app read that failed: a panel or report the patient has no access to (404) is the labs app's 404
 * (002 §2.1); any other failure says so and offers to try again.
 */
export function LabsAppLoadError({
  error,
  message,
  onRetry,
}: {
  error: unknown;
  message: string;
  onRetry: () => void;
}) {
  if (error instanceof ApiError && error.status === 404) return <NotFoundContent />;
  return (
    <Alert tone="error">
      <p>{message}</p>
      <Button variant="ghost" size="sm" onClick={onRetry}>
        {MESSAGES.tryAgain}
      </Button>
    </Alert>
  );
}
