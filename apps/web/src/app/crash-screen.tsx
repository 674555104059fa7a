import { MESSAGES } from '@portal/domain/messages';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { reportError } from '../lib/error-reporting';
import { UserLoadError } from '../lib/user-load-error';
import { isChunkLoadError, reloadOnceForChunkError } from './chunk-errors';
import { NotFoundPage } from './pages/not-found-page';
import './pages/status-page.css';

export { isChunkLoadError, reloadOnceForChunkError };

/** The generic crash screen (001 §8, 002 §8.2). */
export function CrashScreen() {
  return (
    <main className="status-page status-page--full">
      <h1 className="status-page__title">{MESSAGES.crash}</h1>
      <div className="status-page__actions">
        <Button onClick={() => window.location.reload()}>{MESSAGES.reloadPage}</Button>
      </div>
    </main>
  );
}

/** Loading the signed-in patient failed (001 §8): the error message in a heading, and a way to try again. */
function UserLoadErrorScreen({ message }: { message: string }) {
  return (
    <main className="status-page status-page--full">
      <h1 className="status-page__title">{message}</h1>
      <div className="status-page__actions">
        <Button onClick={() => window.location.reload()}>{MESSAGES.reloadPage}</Button>
      </div>
    </main>
  );
}

/** The root route's error element: 404s show the not-found page, chunk-load errors reload once, the rest crash. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const chunkError = isChunkLoadError(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const userLoad = error instanceof UserLoadError;
  useEffect(() => {
    if (chunkError) reloadOnceForChunkError();
    // A crash is reported once per error (issue 11 §1); a 404, a stale chunk and a failed user load are not bugs.
    else if (!notFound && !userLoad) reportError(error, 'route');
  }, [chunkError, notFound, userLoad, error]);
  if (notFound) return <NotFoundPage />;
  if (userLoad) return <UserLoadErrorScreen message={error.message} />;
  return <CrashScreen />;
}

/** The crash screen as its own module's default, for the error boundaries that load it when needed. */
export default CrashScreen;
