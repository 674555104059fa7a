import { type ReportEvent, scrubBreadcrumb, scrubEvent } from '@portal/domain/reporting/scrub-event';
import * as Sentry from '@sentry/react';
import type { ReportingConfig } from './error-report-sender';

/**
 * Sentry's browser SDK, in a chunk of its own loaded on the first report. The sample rates are the documents'
 * (002 §9) as the server configured them; replays mask every text and input and block media, and every event
 * and breadcrumb passes the domain's scrubbing, so no token, contact or health detail leaves the browser.
 */
export function startSentry(config: ReportingConfig): { capture: (error: unknown) => void } {
  Sentry.init({
    dsn: config.dsn,
    environment: config.environment,
    tracesSampleRate: config.traces_sample_rate,
    replaysSessionSampleRate: config.replays_session_sample_rate,
    replaysOnErrorSampleRate: config.replays_on_error_sample_rate,
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true }),
    ],
    beforeSend: (event) => scrubEvent(event as unknown as ReportEvent) as unknown as typeof event,
    beforeBreadcrumb: (crumb) => scrubBreadcrumb(crumb),
  });
  return { capture: (error) => void Sentry.captureException(error) };
}
