import { ENTRY_MESSAGES } from '@portal/domain/entry-messages';
import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { reportError } from '../lib/error-reporting';
import { readStorage, writeStorage } from '../lib/storage';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { UserLoadError } from '../lib/user-load-error';
import { NotFoundContent, NotFoundPage } from './pages/not-found-page';
import './pages/status-page.css';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i;
const RELOAD_GUARD_MS = 30_000;

/** A lazy route's code failed to load, typically because a new version was deployed since the page opened. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? '');
  return CHUNK_ERROR.test(message);
}

/** Reloads the page once; returns false when a reload already happened moments ago (then the crash screen shows). */
export function reloadOnceForChunkError(now: number = Date.now()): boolean {
  const last = Number(readStorage(STORAGE_KEYS.chunkReloadAt, 'session') ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  writeStorage(STORAGE_KEYS.chunkReloadAt, String(now), 'session');
  window.location.reload();
  return true;
}

/** The generic crash screen (001 §8, 002 §8.2). */
export function CrashScreen() {
  return (
    <main className="status-page status-page--full">
      <h1 className="status-page__title">{ENTRY_MESSAGES.crash}</h1>
      <div className="status-page__actions">
        <Button onClick={() => window.location.reload()}>{ENTRY_MESSAGES.reloadPage}</Button>
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
        <Button onClick={() => window.location.reload()}>{ENTRY_MESSAGES.reloadPage}</Button>
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

/** The same, for routes inside a shell: a 404 keeps the shell around the not-found content. */
export function InShellRouteErrorScreen() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  return <RouteErrorScreen />;
}

/** Catches render errors outside the router (providers). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
    reportError(error, 'crash');
  }

  override render(): ReactNode {
    return this.state.failed ? <CrashScreen /> : this.props.children;
  }
}
