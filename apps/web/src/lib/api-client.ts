import type { VisitFollowUp } from '@portal/domain/dashboard/visit-templates';
import { ENTRY_MESSAGES } from '@portal/domain/entry-messages';
import { ApiError, ERROR_TEXT, toApiError } from './api-error';
import { getOrganizationId } from './brand';
import { getToken } from './session';
import { endSession } from './session-end';
import { tokenStatus } from './token';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart when it is a FormData. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /**
   * A call that needs the signed-in patient (the default). Before it is sent the stored token's expiry is
   * checked; an expired token ends the session like a TokenExpired answer would. Public calls (login,
   * signup, password reset, organization, policy) pass false.
   */
  authenticated?: boolean;
  /** Apply the 401 rules (logout and go to login). Login and logout themselves pass false. */
  handleUnauthorized?: boolean;
  /** Headers of this call besides the ones every call carries (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * For a read of visits sent in a batch: the reads the server makes from its answer at once (the dashboard's
   * templates). Their answers are kept like reads made ahead, for the screen that asks for them next.
   */
  follow?: VisitFollowUp;
}

/** Encodes one path segment. */
export function seg(value: string | number): string {
  return encodeURIComponent(String(value));
}

/** The organization id for a path; a missing id fails the call like a network error would. */
export function requireOrganizationId(): string {
  const id = getOrganizationId();
  if (!id) throw new ApiError(0, ERROR_TEXT.networkError, ENTRY_MESSAGES.networkError);
  return id;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Calls the API on the page's own origin at the specification's path and resolves with the successful
 * response. Every request says it accepts JSON and carries the `organization` header and, while the stored
 * token is unexpired, `Authorization: Bearer`. A FormData body goes as multipart (the browser sets the
 * boundary); any other body as JSON. Failures reject with an {@link ApiError} `{ status, text, message }`.
 */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const { method = 'GET', body, query, authenticated = true, handleUnauthorized = true, signal } = options;
  const token = getToken();
  const status = tokenStatus(token);

  if (authenticated && status === 'expired' && handleUnauthorized) {
    endSession('expired');
    throw new ApiError(401, ERROR_TEXT.tokenExpired, ENTRY_MESSAGES.sessionExpired);
  }

  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  const organizationId = getOrganizationId();
  if (organizationId) headers.organization = organizationId;
  if (token && status === 'valid') headers.Authorization = `Bearer ${token}`;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? (body as FormData) : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, ERROR_TEXT.networkError, ENTRY_MESSAGES.networkError);
  }
  if (response.ok) return response;

  const error = toApiError(response.status, await readBody(response), response.headers);
  if (response.status === 401 && handleUnauthorized) {
    if (error.text === ERROR_TEXT.tokenExpired) endSession('expired');
    else if (error.text !== ERROR_TEXT.invalidCredentials) endSession('unauthorized');
  }
  throw error;
}

/**
 * Reads made ahead of the screen that needs them (on a first load, beside the patient's record, instead of
 * after it and the screen's code), by URL: the same read asked for soon after, with the same token, takes
 * that answer instead of going out again. Each is taken once.
 */
type ReadAhead = { at: number; token: string | null; read: Promise<unknown>; settled?: { value: unknown } };
const ahead = new Map<string, ReadAhead>();
const AHEAD_MS = 30_000;
let recordingAhead = false;

/**
 * Runs `start`, whose reads (GET, asked before its first await) are kept for the screen that will ask for
 * them. A refused token is not acted on here: the route guard's own read of the patient decides that.
 * They travel together in a batch of their own, sent at once: the reads queued before them (the patient's
 * record, which the first screen waits for) go out first and alone, not held back by a larger batch.
 */
export function readAhead(start: () => unknown): void {
  if (queue.length > 0) flush();
  recordingAhead = true;
  try {
    const started = start();
    if (started instanceof Promise) started.catch(() => undefined);
  } catch {
    // a read ahead that cannot start is simply made later by its screen
  } finally {
    recordingAhead = false;
  }
  if (queue.length > 0) flush();
}

/** Forgets the reads made ahead (the first load went to login, or failed). */
export function dropReadsAhead(): void {
  ahead.clear();
}

function takeAhead(url: string): Promise<unknown> | undefined {
  const kept = ahead.get(url);
  if (!kept) return undefined;
  ahead.delete(url);
  return Date.now() - kept.at < AHEAD_MS && kept.token === getToken() ? kept.read : undefined;
}

/**
 * The answer of a read made ahead that has already come back (taken, as a read would take it), else
 * undefined: a screen's first render can start from it instead of waiting for a promise to settle, so what
 * it shows is there in the first frame (a query's initial data).
 */
export function takeSettledAhead<T>(path: string, query?: RequestOptions['query']): T | undefined {
  const url = buildUrl(path, query);
  const kept = ahead.get(url);
  if (!kept?.settled) return undefined;
  const read = takeAhead(url);
  return read ? (kept.settled.value as T) : undefined;
}

/** {@link apiFetch} for a JSON answer. Reads issued together are sent as one batch (see below). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  if (method === 'GET') {
    const url = buildUrl(path, options.query);
    if (recordingAhead) {
      const read = send<T>(path, { ...options, handleUnauthorized: false });
      const kept: ReadAhead = { at: Date.now(), token: getToken(), read };
      read.then(
        (value) => {
          kept.settled = { value };
        },
        () => undefined,
      );
      ahead.set(url, kept);
      return read;
    }
    const kept = takeAhead(url);
    if (kept) return (await kept) as T;
  }
  return send<T>(path, options);
}

async function send<T>(path: string, options: RequestOptions): Promise<T> {
  const method = options.method ?? 'GET';
  if (method === 'GET' && batching.enabled && options.authenticated !== false && !options.signal?.aborted) {
    const token = getToken();
    if (token && tokenStatus(token) === 'valid')
      return (await enqueueRead(buildUrl(path, options.query), options)) as T;
  }
  return (await readBody(await apiFetch(path, options))) as T;
}

/**
 * Batching of reads: a screen's first render asks for a dozen small reads in the same moment (the dashboard
 * and its shell); they wait a few milliseconds and travel together as one POST /v2/batch, where the server
 * checks each as if it had come alone. A lone read, or a batch the server refuses, goes out on its own.
 * Switched off in unit tests, whose fetch mocks answer one path at a time.
 */
export const batching = { enabled: import.meta.env.MODE !== 'test', windowMs: 4, max: 20 };

type Queued = {
  url: string;
  options: RequestOptions;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};
let queue: Queued[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

function enqueueRead(url: string, options: RequestOptions): Promise<unknown> {
  return new Promise((resolve, reject) => {
    queue.push({ url, options, resolve, reject });
    if (queue.length >= batching.max) flush();
    else timer ??= setTimeout(flush, batching.windowMs);
  });
}

/** Settles one read from its part of the batch, with the same error shape and 401 rules as a lone call. */
function settle(item: Queued, status: number, body: unknown) {
  if (status >= 200 && status < 300) {
    item.resolve(body);
    return;
  }
  const error = toApiError(status, body);
  if (status === 401 && item.options.handleUnauthorized !== false) {
    if (error.text === ERROR_TEXT.tokenExpired) endSession('expired');
    else if (error.text !== ERROR_TEXT.invalidCredentials) endSession('unauthorized');
  }
  item.reject(error);
}

function sendAlone(item: Queued) {
  // the url already carries the query
  apiFetch(item.url, { ...item.options, query: undefined })
    .then(readBody)
    .then(item.resolve, item.reject);
}

function flush() {
  if (timer) clearTimeout(timer);
  timer = null;
  const items = queue.filter((i) => !i.options.signal?.aborted);
  for (const aborted of queue.filter((i) => i.options.signal?.aborted))
    aborted.reject(new DOMException('The read was aborted.', 'AbortError'));
  queue = [];
  const [only] = items;
  if (items.length === 1 && only) return sendAlone(only);
  if (items.length === 0) return;
  const token = getToken();
  apiFetch('/v2/batch', {
    method: 'POST',
    body: {
      requests: items.map((i) => ({
        method: 'GET',
        url: i.url,
        ...(i.options.follow ? { follow: i.options.follow } : {}),
      })),
    },
    handleUnauthorized: false,
  })
    .then(readBody)
    .then((result) => {
      const { responses, follow_ups } = (result ?? {}) as {
        responses?: { status: number; body: unknown }[];
        follow_ups?: { url: string; status: number; body: unknown }[];
      };
      if (!Array.isArray(responses) || responses.length !== items.length) throw new Error('Malformed batch');
      // kept before the reads settle, so what runs on their answers finds them
      for (const followUp of Array.isArray(follow_ups) ? follow_ups : []) {
        if (followUp.status < 200 || followUp.status >= 300 || ahead.has(followUp.url)) continue;
        const value = followUp.body;
        ahead.set(followUp.url, { at: Date.now(), token, read: Promise.resolve(value), settled: { value } });
      }
      items.forEach((item, index) => {
        const answer = responses[index]!;
        settle(item, answer.status, answer.body);
      });
    })
    .catch(() => {
      // An older server, a refused batch or a network hiccup: every read goes out on its own.
      for (const item of items) sendAlone(item);
    });
}
