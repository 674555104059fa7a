import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { isChunkLoadError, reloadOnceForChunkError } from './app/crash-screen';
import { applyHashRoute } from './app/hash-route';
import { resolveBrand } from './app/resolve-brand';
import { createAppRouter } from './app/router';
import { analyticsPath, track } from './lib/analytics';
import { captureLandingTraits } from './lib/analytics-traits';
import { installGlobalErrorReporting, reportError } from './lib/error-reporting';
import { clearQueryCache } from './lib/query-cache';
import { EXPIRED_LOGIN_PATH, LOGIN_PATH, setSessionEndHandlers } from './lib/session-end';
import { startSessionWatch } from './lib/session-watch';
import './components/ui/theme.css';

async function start(): Promise<void> {
  applyHashRoute();
  captureLandingTraits();

  // a lazy chunk that no longer exists (new deployment): reload once to get the new version
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForChunkError()) event.preventDefault();
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) reloadOnceForChunkError();
  });
  // Everything else nothing caught is reported (a stale chunk is not an error: the page reloads).
  installGlobalErrorReporting(isChunkLoadError);

  await resolveBrand();
  // 000 §7: an analytics event at opening
  track('Application Opened', { path: analyticsPath() });

  const router = createAppRouter();
  setSessionEndHandlers({
    cleanup: clearQueryCache,
    // 000 §4 Session: go to /login?expired=true and reload the page
    expired: () => window.location.assign(EXPIRED_LOGIN_PATH),
    unauthorized: () => {
      void router.navigate(LOGIN_PATH, { replace: true });
    },
  });
  startSessionWatch();

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  // the version check (002 §4.10) once the first screen is up: none of it on the way there
  setTimeout(() => {
    import('./components/version-banner/mount').then((m) => m.mountVersionWatch()).catch(() => {});
  }, VERSION_WATCH_START_MS);
}

/** How long after start the version file is first read. */
const VERSION_WATCH_START_MS = 3000;

start().catch((error: unknown) => {
  console.error(error);
  reportError(error, 'crash');
});
