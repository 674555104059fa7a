import { MESSAGES } from '@portal/domain/messages';
import { ApiError, ERROR_TEXT, toApiError } from './api-error';
import { getOrganizationId } from './brand';
import { getToken } from './session';
import { endSession } from './session-end';
import { tokenStatus } from './token';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
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
  signal?: AbortSignal;
}

/** Encodes one path segment. */
export function seg(value: string | number): string {
  return encodeURIComponent(String(value));
}

/** The organization id for a path; a missing id fails the call like a network error would. */
export function requireOrganizationId(): string {
  const id = getOrganizationId();
  if (!id) throw new ApiError(0, ERROR_TEXT.networkError, MESSAGES.networkError);
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
 * Calls the API on the page's own origin at the specification's path. Every request says it accepts JSON and
 * carries the `organization` header and, while the stored token is unexpired, `Authorization: Bearer`.
 * Failures reject with an {@link ApiError} `{ status, text, message }`.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, authenticated = true, handleUnauthorized = true, signal } = options;
  const token = getToken();
  const status = tokenStatus(token);

  if (authenticated && status === 'expired' && handleUnauthorized) {
    endSession('expired');
    throw new ApiError(401, ERROR_TEXT.tokenExpired, MESSAGES.sessionExpired);
  }

  const headers: Record<string, string> = { Accept: 'application/json' };
  const organizationId = getOrganizationId();
  if (organizationId) headers.organization = organizationId;
  if (token && status === 'valid') headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, ERROR_TEXT.networkError, MESSAGES.networkError);
  }

  const data = await readBody(response);
  if (response.ok) return data as T;

  const error = toApiError(response.status, data);
  if (response.status === 401 && handleUnauthorized) {
    if (error.text === ERROR_TEXT.tokenExpired) endSession('expired');
    else if (error.text !== ERROR_TEXT.invalidCredentials) endSession('unauthorized');
  }
  throw error;
}
