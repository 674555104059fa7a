import { MESSAGES } from '@portal/domain/messages';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, ORG_ID, patient, setOrganization, signIn, tokenExpiringIn } from '../test/helpers';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { getStoredUser, getToken, saveSession } from './session';
import { setSessionEndHandlers } from './session-end';
import { createExpiryCheck } from './session-watch';

function installHandlers() {
  const handlers = { expired: vi.fn(), unauthorized: vi.fn(), cleanup: vi.fn() };
  setSessionEndHandlers(handlers);
  return handlers;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('API client', () => {
  beforeEach(() => setOrganization());

  it('sends Accept, the organization header and the bearer token', async () => {
    const { token } = signIn();
    const requests = mockApi({ 'GET /things': json(200, { ok: true }) });
    await expect(apiRequest('/things', { query: { a: 1, skip: undefined } })).resolves.toEqual({ ok: true });
    expect(requests[0]?.path).toBe('/things?a=1');
    expect(requests[0]?.headers).toMatchObject({
      accept: 'application/json',
      organization: ORG_ID,
      authorization: `Bearer ${token}`,
    });
  });

  it('sends no Authorization header without a stored token', async () => {
    const requests = mockApi({ 'POST /login/x': json(200, {}) });
    await apiRequest('/login/x', { method: 'POST', body: { a: 1 }, authenticated: false });
    expect(requests[0]?.headers.authorization).toBeUndefined();
    expect(requests[0]?.headers['content-type']).toBe('application/json');
    expect(requests[0]?.body).toEqual({ a: 1 });
  });

  it('rejects with { status, text, message } from the server', async () => {
    mockApi({ 'GET /x': json(429, { text: 'TooManyRequests', message: 'Slow down.' }) });
    const error = await failure(apiRequest('/x', { authenticated: false }));
    expect(error).toMatchObject({ status: 429, text: 'TooManyRequests', message: 'Slow down.' });
  });

  it('uses the NetworkError defaults for a body of another shape and for a failed network', async () => {
    mockApi({ 'GET /x': new Response('<html>Bad gateway</html>', { status: 502 }) });
    expect(await failure(apiRequest('/x'))).toMatchObject({
      status: 502,
      text: 'NetworkError',
      message: 'Network error, please try again later.',
    });

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await failure(apiRequest('/x'))).toMatchObject({
      status: 0,
      text: 'NetworkError',
      message: MESSAGES.networkError,
    });
  });

  it('a 401 TokenExpired logs out and goes to /login?expired=true', async () => {
    const handlers = installHandlers();
    signIn();
    mockApi({ 'GET /x': json(401, { text: 'TokenExpired', message: 'Token expired' }) });
    await failure(apiRequest('/x'));
    expect(handlers.expired).toHaveBeenCalledTimes(1);
    expect(handlers.unauthorized).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
  });

  it('any other 401 logs out and goes to /login', async () => {
    const handlers = installHandlers();
    signIn();
    mockApi({ 'GET /x': json(401, { text: 'Unauthorized', message: 'No.' }) });
    await failure(apiRequest('/x'));
    expect(handlers.unauthorized).toHaveBeenCalledTimes(1);
    expect(handlers.expired).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
  });

  it('a 401 InvalidCredentials keeps the session', async () => {
    const handlers = installHandlers();
    const { token } = signIn();
    mockApi({ 'GET /x': json(401, { text: 'InvalidCredentials', message: 'Bad.' }) });
    expect(await failure(apiRequest('/x'))).toMatchObject({ status: 401, text: 'InvalidCredentials' });
    expect(handlers.unauthorized).not.toHaveBeenCalled();
    expect(handlers.expired).not.toHaveBeenCalled();
    expect(getToken()).toBe(token);
  });

  it('ends the session once when several requests fail together', async () => {
    const handlers = installHandlers();
    signIn();
    mockApi({ 'GET /x': json(401, { text: 'TokenExpired', message: 'Token expired' }) });
    await Promise.allSettled([apiRequest('/x'), apiRequest('/x'), apiRequest('/x')]);
    expect(handlers.expired).toHaveBeenCalledTimes(1);
  });

  it('an expired stored token ends the session before an authenticated request is sent', async () => {
    const handlers = installHandlers();
    saveSession({ token: tokenExpiringIn(-10), user: patient() });
    const requests = mockApi({ 'GET /x': json(200, {}) });
    const error = await failure(apiRequest('/x'));
    expect(error).toMatchObject({ status: 401, text: 'TokenExpired' });
    expect(requests).toHaveLength(0);
    expect(handlers.expired).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
  });

  it('a public request with an expired stored token goes out without it and keeps the page', async () => {
    const handlers = installHandlers();
    saveSession({ token: tokenExpiringIn(-10), user: patient() });
    const requests = mockApi({ 'GET /public': json(200, {}) });
    await apiRequest('/public', { authenticated: false });
    expect(requests[0]?.headers.authorization).toBeUndefined();
    expect(handlers.expired).not.toHaveBeenCalled();
  });

  it('the expiry timer ends a session whose token runs out while the page is open', () => {
    const handlers = installHandlers();
    const token = tokenExpiringIn(60);
    saveSession({ token, user: patient() });
    const check = createExpiryCheck();
    check(Date.now());
    expect(handlers.expired).not.toHaveBeenCalled();
    check(Date.now() + 61_000);
    expect(handlers.expired).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
  });

  it('the expiry timer leaves a token that was already stale at start-up to the route guard', () => {
    const handlers = installHandlers();
    saveSession({ token: tokenExpiringIn(-60), user: patient() });
    createExpiryCheck()(Date.now());
    expect(handlers.expired).not.toHaveBeenCalled();
  });
});
