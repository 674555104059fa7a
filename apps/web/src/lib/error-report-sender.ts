import type { ClientErrorBody } from '@portal/domain/contracts/client-error';
import { scrubPath, scrubText } from '@portal/domain/reporting/scrub';
import { getOrganizationId } from './brand';
import { type PageData, readPageData } from './page-data';

/** What the server wrote into the page about error reporting (only when a browser DSN is configured). */
export type ReportingConfig = NonNullable<PageData['reporting']>;

type Kind = ClientErrorBody['kind'];

let config: ReportingConfig | null | undefined;
let sentry: Promise<{ capture: (error: unknown) => void }> | undefined;

function readConfig(): ReportingConfig | null {
  if (config === undefined) {
    const value = readPageData().reporting;
    config = value?.dsn ? value : null;
  }
  return config;
}

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error)
    return { message: `${error.name}: ${error.message}`, ...(error.stack ? { stack: error.stack } : {}) };
  return { message: typeof error === 'string' ? error : 'Non-error value thrown' };
}

/**
 * Sends one report (`reportError` in error-reporting.ts counts them). With a DSN in the page, Sentry's browser
 * SDK is loaded on the first report and sends it, scrubbed and with masked replays. Without one, the error goes
 * to POST /v2/client-errors, scrubbed here and again on the server, which logs it with the request id. Never
 * throws.
 */
export function sendReport(error: unknown, kind: Kind): void {
  try {
    const settings = readConfig();
    if (settings) {
      sentry ??= import('./sentry-browser').then((m) => m.startSentry(settings));
      void sentry.then((s) => s.capture(error)).catch(() => undefined);
      return;
    }
    const { message, stack } = describe(error);
    const body: ClientErrorBody = {
      kind,
      message: scrubText(message, 2000),
      ...(stack ? { stack: scrubText(stack, 10_000) } : {}),
      path: scrubPath(window.location.pathname),
    };
    const organization = getOrganizationId();
    void fetch('/v2/client-errors', {
      method: 'POST',
      // Sent even when the page is being left (a crash followed by Reload page).
      keepalive: true,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(organization ? { organization } : {}),
      },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // reporting must never be the next error
  }
}

/** For tests: forget the page's configuration and Sentry. */
export function resetSender(): void {
  config = undefined;
  sentry = undefined;
}
