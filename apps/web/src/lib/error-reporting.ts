import type { ClientErrorBody } from '@portal/domain/contracts/client-error';

type Kind = ClientErrorBody['kind'];
type Sender = typeof import('./error-report-sender');

/** At most this many reports per page load: a loop of failures must not flood the server. */
const MAX_REPORTS = 10;
let sent = 0;
let sender: Promise<Sender> | undefined;
let loadedSender: Sender | undefined;

/**
 * Reports an error the app met (issue 11 §1). What builds and sends the report (the scrubbing, the choice of
 * Sentry or the API) is loaded on the first error: no first screen needs it, and it was 0.7 KB gzipped of
 * every page's entry. A report never throws.
 */
export function reportError(error: unknown, kind: Kind): void {
  if (sent >= MAX_REPORTS) return;
  sent += 1;
  sender ??= import('./error-report-sender').then((module) => {
    loadedSender = module;
    return module;
  });
  const sending = sender.then((module) => module.sendReport(error, kind)).catch(() => undefined);
  inFlight.add(sending);
  void sending.finally(() => inFlight.delete(sending));
}

/** Reports handed to the sender module that has not loaded yet. */
const inFlight = new Set<Promise<void>>();

/** For tests: resolves once every report made so far has been handed to its transport. */
export async function reportsSent(): Promise<void> {
  await Promise.all([...inFlight]);
}

/** Errors nothing else caught: uncaught exceptions and unhandled promise rejections. */
export function installGlobalErrorReporting(ignore: (error: unknown) => boolean = () => false): void {
  window.addEventListener('error', (event) => {
    if (!ignore(event.error)) reportError(event.error ?? event.message, 'window');
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (!ignore(event.reason)) reportError(event.reason, 'promise');
  });
}

/** For tests: forget the page's configuration and the report count. */
export function resetErrorReporting(): void {
  sent = 0;
  loadedSender?.resetSender();
}
