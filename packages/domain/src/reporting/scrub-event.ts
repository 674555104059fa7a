import { scrubPath, scrubText } from './scrub';

// Apart from scrub.ts, whose text and path scrubbing the web app's entry loads at opening: these shape a
// whole report, and load with the error reporter.

type Frame = {
  vars?: unknown;
  abs_path?: string;
  filename?: string;
  pre_context?: unknown;
  context_line?: unknown;
  post_context?: unknown;
};
type ExceptionValue = { value?: string; stacktrace?: { frames?: Frame[] } };
type Breadcrumb = { message?: string; data?: unknown; category?: string };

/**
 * The shape of an error-reporting event that matters here (Sentry's Event, structurally), scrubbed in place
 * and returned: the request keeps its method and route, the user only an id, breadcrumbs only their category
 * and a scrubbed message, frames no local variables.
 */
export type ReportEvent = {
  message?: string | undefined;
  request?:
    | {
        url?: string;
        method?: string;
        data?: unknown;
        cookies?: unknown;
        headers?: Record<string, string>;
        query_string?: unknown;
        env?: unknown;
      }
    | undefined;
  user?: { id?: string | number; [key: string]: unknown } | undefined;
  exception?: { values?: ExceptionValue[] } | undefined;
  breadcrumbs?: Breadcrumb[] | undefined;
  extra?: unknown;
  [key: string]: unknown;
};

export function scrubEvent<T extends ReportEvent>(event: T): T {
  if (event.message) event.message = scrubText(event.message);
  if (event.request) {
    const { method, url, headers } = event.request;
    event.request = {
      ...(method ? { method } : {}),
      ...(url ? { url: scrubPath(url) } : {}),
      ...(headers?.['user-agent'] ? { headers: { 'user-agent': headers['user-agent'] } } : {}),
    };
  }
  if (event.user) event.user = event.user.id !== undefined ? { id: event.user.id } : undefined;
  for (const value of event.exception?.values ?? []) {
    if (value.value) value.value = scrubText(value.value);
    for (const frame of value.stacktrace?.frames ?? []) {
      // Local variables and the source lines around the frame can hold the data being handled.
      delete frame.vars;
      delete frame.pre_context;
      delete frame.context_line;
      delete frame.post_context;
      if (frame.abs_path) frame.abs_path = scrubPath(frame.abs_path);
      if (frame.filename) frame.filename = scrubPath(frame.filename);
    }
  }
  if (event.breadcrumbs) {
    event.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb);
  }
  delete event.extra;
  return event;
}

/** A breadcrumb as a report may keep it: its category, level and scrubbed message; never its data. */
export function scrubBreadcrumb<T extends { category?: string; message?: string; level?: unknown }>(
  crumb: T,
): T {
  return {
    ...(crumb.category ? { category: crumb.category } : {}),
    ...(crumb.message ? { message: scrubText(crumb.message, 500) } : {}),
    ...(crumb.level ? { level: crumb.level } : {}),
  } as T;
}
