import { type ReportEvent, scrubBreadcrumb, scrubEvent } from '@portal/domain/reporting/scrub-event';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { describeError } from '../log-safe';

export type ErrorContext = { requestId: string; route?: string | undefined; userId?: string | undefined };

/** Where unexpected errors are reported: Sentry when configured, else the log (with the request id). */
export type ErrorReporter = {
  kind: 'sentry' | 'log';
  capture(error: unknown, context: ErrorContext): void;
  flush(): Promise<void>;
};

type SentryModule = typeof import('@sentry/node');

/**
 * The server's error-reporting port. Sentry's SDK is loaded only when SENTRY_DSN is set; every event passes
 * the domain's scrubbing first (no token, password, contact or health detail; the request reduced to its
 * method and route). The log reporter writes the same scrubbed facts, so nothing is lost without a DSN.
 */
export async function createErrorReporter(
  config: Config,
  log: FastifyBaseLogger,
  /** Tests pass a transport that keeps what would have been sent. */
  sentryOverrides: { transport?: NonNullable<Parameters<SentryModule['init']>[0]>['transport'] } = {},
): Promise<ErrorReporter> {
  const logReporter: ErrorReporter = {
    kind: 'log',
    capture(error, context) {
      // The stack's frames only: its first line repeats the message, which for a query holds its parameters.
      const frames = error instanceof Error ? error.stack?.split('\n').slice(1, 12).join('\n') : undefined;
      log.error(
        { err: { ...describeError(error), frames }, reqId: context.requestId, route: context.route },
        'unhandled error',
      );
    },
    flush: async () => undefined,
  };
  if (!config.SENTRY_DSN) return logReporter;

  const Sentry: SentryModule = await import('@sentry/node');
  Sentry.init({
    dsn: config.SENTRY_DSN,
    environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV,
    tracesSampleRate: config.SENTRY_TRACES_SAMPLE_RATE,
    // Collect nothing a request carries but its user agent; scrubEvent is the last guard on every event.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { allow: ['user-agent'] }, response: false },
      httpBodies: [],
      urlQueryParams: false,
    },
    beforeSend: (event) => scrubEvent(event as unknown as ReportEvent) as unknown as typeof event,
    ...sentryOverrides,
    beforeBreadcrumb: (crumb) => scrubBreadcrumb(crumb),
  });
  return {
    kind: 'sentry',
    capture(error, context) {
      logReporter.capture(error, context);
      Sentry.withScope((scope) => {
        scope.setTag('request_id', context.requestId);
        if (context.route) scope.setTag('route', context.route);
        if (context.userId) scope.setUser({ id: context.userId });
        Sentry.captureException(error);
      });
    },
    flush: async () => {
      await Sentry.flush(2000);
    },
  };
}
