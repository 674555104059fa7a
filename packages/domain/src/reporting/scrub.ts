/**
 * What an error report may carry off this machine: no token, password, contact detail or health detail.
 * Messages and stacks are kept for their shape; anything that looks like a credential or a person's data is
 * replaced, and everything a request carries beyond its route is dropped.
 */
const PATTERNS: [RegExp, string][] = [
  // JSON Web Tokens and bearer credentials
  [/\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g, '[token]'],
  [/\b(bearer|basic)\s+[\w.~+/=-]{8,}/gi, '$1 [token]'],
  // key=value pairs of secrets (password=..., "token": "...")
  [
    /("?(?:password|pass|pwd|secret|token|code|authorization|api[_-]?key)"?\s*[:=]\s*)("[^"]*"|[^\s,&}]+)/gi,
    '$1[redacted]',
  ],
  // e-mail addresses
  [/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[email]'],
  // URLs' query strings (they carry tokens, e-mails and search terms)
  [/(https?:\/\/[^\s?#"']+|\/[\w./-]*)\?[^\s#"']*/g, '$1?[query]'],
  // record ids: kept out so reports group by route, and no patient is named by id
  [/\b[0-9a-f]{24}\b/gi, ':id'],
  // long runs of digits: phone, card and account numbers, birthdays without separators
  [/\d[\d -]{6,}\d/g, '[number]'],
];

export function scrubText(value: string, max = 4000): string {
  let out = value;
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out.length > max ? `${out.slice(0, max)}…` : out;
}

/** A page address as a report may keep it: the path with ids replaced, no query, no fragment. */
export function scrubPath(value: string): string {
  const path = value.replace(/^https?:\/\/[^/]+/i, '').split(/[?#]/)[0] ?? '';
  return scrubText(path, 500);
}

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
