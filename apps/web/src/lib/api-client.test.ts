import { MESSAGES } from '@portal/domain/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, ORG_ID, patient, setOrganization, signIn, tokenExpiringIn } from '../test/helpers';
import { apiRequest, batching, readAhead, takeSettledAhead } from './api-client';
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

describe('API client: reads issued together travel as one batch', () => {
  beforeEach(() => {
    setOrganization();
    batching.enabled = true;
  });
  afterEach(() => {
    batching.enabled = false;
  });

  it('sends simultaneous reads as one POST /v2/batch and settles each from its answer', async () => {
    signIn();
    const handlers = installHandlers();
    const requests = mockApi({
      'POST /v2/batch': json(200, {
        responses: [
          { status: 200, body: { n: 1 } },
          { status: 403, body: { text: 'Forbidden', message: 'Not yours.' } },
          { status: 200, body: { n: 3 } },
        ],
      }),
    });
    const [a, b, c] = [apiRequest('/a', { query: { x: 1 } }), apiRequest('/b'), apiRequest('/c')];
    await expect(a).resolves.toEqual({ n: 1 });
    const error = await failure(b);
    expect(error).toMatchObject({ status: 403, text: 'Forbidden', message: 'Not yours.' });
    await expect(c).resolves.toEqual({ n: 3 });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toEqual({
      requests: [
        { method: 'GET', url: '/a?x=1' },
        { method: 'GET', url: '/b' },
        { method: 'GET', url: '/c' },
      ],
    });
    expect(handlers.unauthorized).not.toHaveBeenCalled();
  });

  it('sends a lone read as itself', async () => {
    signIn();
    const requests = mockApi({ 'GET /only': json(200, { ok: true }) });
    await expect(apiRequest('/only')).resolves.toEqual({ ok: true });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /only']);
  });

  it('falls back to one call per read when the server refuses the batch', async () => {
    signIn();
    const requests = mockApi({
      'POST /v2/batch': json(404, { text: 'NotFound', message: 'Not found' }),
      'GET /a': json(200, { a: true }),
      'GET /b': json(200, { b: true }),
    });
    await expect(Promise.all([apiRequest('/a'), apiRequest('/b')])).resolves.toEqual([
      { a: true },
      { b: true },
    ]);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v2/batch', 'GET /a', 'GET /b']);
  });

  it('applies the 401 rules to a read of the batch', async () => {
    signIn();
    const handlers = installHandlers();
    mockApi({
      'POST /v2/batch': json(200, {
        responses: [
          { status: 401, body: { text: 'Unauthorized', message: 'Please log in.' } },
          { status: 200, body: {} },
        ],
      }),
    });
    const results = await Promise.allSettled([apiRequest('/a'), apiRequest('/b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
    expect(handlers.unauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('API client: a lone read with a query', () => {
  beforeEach(() => {
    setOrganization();
    batching.enabled = true;
  });
  afterEach(() => {
    batching.enabled = false;
  });

  it('sends its query once', async () => {
    signIn();
    const requests = mockApi({ 'GET /things': json(200, { ok: true }) });
    await expect(apiRequest('/things', { query: { ids: 'a,b' } })).resolves.toEqual({ ok: true });
    expect(requests.map((r) => r.path)).toEqual(['/things?ids=a%2Cb']);
  });
});

describe('reads made ahead', () => {
  beforeEach(() => setOrganization());

  it('answers the same read once from the read made ahead, and a later one afresh', async () => {
    signIn();
    let answer = 0;
    const requests = mockApi({ 'GET /things': () => json(200, { answer: ++answer }) });
    readAhead(() => apiRequest('/things', { query: { page: 1 } }));
    expect(requests).toHaveLength(1);
    await expect(apiRequest('/things', { query: { page: 1 } })).resolves.toEqual({ answer: 1 });
    expect(requests).toHaveLength(1);
    await expect(apiRequest('/things', { query: { page: 1 } })).resolves.toEqual({ answer: 2 });
    expect(requests).toHaveLength(2);
  });

  it('is not taken by another read, nor under another token, and a refusal ends no session', async () => {
    signIn();
    const handlers = installHandlers();
    const requests = mockApi({
      'GET /things': json(200, { ok: true }),
      'GET /mine': json(401, { text: 'Unauthorized', message: 'x' }),
    });
    readAhead(() => Promise.all([apiRequest('/things', { query: { page: 1 } }), apiRequest('/mine')]));
    await expect(apiRequest('/things', { query: { page: 2 } })).resolves.toEqual({ ok: true });
    expect(requests.map((r) => r.path)).toEqual(['/things?page=1', '/mine', '/things?page=2']);
    expect(handlers.unauthorized).not.toHaveBeenCalled();
    signIn(patient(), tokenExpiringIn(7200));
    await apiRequest('/things', { query: { page: 1 } });
    expect(requests).toHaveLength(4);
  });

  it('go out at once in a batch of their own, after the reads queued before them', async () => {
    batching.enabled = true;
    // no timer runs: the reads may not wait for the batching window
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      signIn();
      const requests = mockApi({
        'GET /record': json(200, { record: true }),
        'POST /v2/batch': json(200, {
          responses: [
            { status: 200, body: { a: 1 } },
            { status: 200, body: { b: 2 } },
          ],
        }),
      });
      const record = apiRequest('/record');
      readAhead(() => Promise.all([apiRequest('/a'), apiRequest('/b', { query: { page: 1 } })]));
      await expect(record).resolves.toEqual({ record: true });
      await expect(apiRequest('/a')).resolves.toEqual({ a: 1 });
      await expect(apiRequest('/b', { query: { page: 1 } })).resolves.toEqual({ b: 2 });
      expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /record', 'POST /v2/batch']);
      expect(requests[1]?.body).toEqual({
        requests: [
          { method: 'GET', url: '/a' },
          { method: 'GET', url: '/b?page=1' },
        ],
      });
    } finally {
      vi.useRealTimers();
      batching.enabled = false;
    }
  });

  it('names the follow-up reads of a read in its batch and keeps their answers for the next screen', async () => {
    batching.enabled = true;
    try {
      signIn();
      const requests = mockApi({
        'POST /v2/batch': json(200, {
          responses: [
            { status: 200, body: [{ _id: 'visit' }] },
            { status: 200, body: { b: 2 } },
          ],
          follow_ups: [
            { url: '/intake-template/o/template/t1', status: 200, body: { _id: 't1' } },
            {
              url: '/intake-template/o/template/gone',
              status: 404,
              body: { text: 'NotFound', message: 'x' },
            },
          ],
        }),
        'GET /intake-template/o/template/gone': json(200, { _id: 'gone' }),
        'GET /intake-template/o/template/t1': json(200, { _id: 'read again' }),
      });
      readAhead(() =>
        Promise.all([apiRequest('/visits', { follow: 'continue-templates' }), apiRequest('/b')]),
      );
      await expect(apiRequest('/visits')).resolves.toEqual([{ _id: 'visit' }]);
      expect(requests[0]?.body).toEqual({
        requests: [
          { method: 'GET', url: '/visits', follow: 'continue-templates' },
          { method: 'GET', url: '/b' },
        ],
      });
      // kept by address, taken once; a follow-up that failed is read afresh
      await expect(apiRequest('/intake-template/o/template/t1')).resolves.toEqual({ _id: 't1' });
      await expect(apiRequest('/intake-template/o/template/gone')).resolves.toEqual({ _id: 'gone' });
      await expect(apiRequest('/intake-template/o/template/t1')).resolves.toEqual({ _id: 'read again' });
      expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /v2/batch',
        'GET /intake-template/o/template/gone',
        'GET /intake-template/o/template/t1',
      ]);
    } finally {
      batching.enabled = false;
    }
  });

  it('gives a settled answer made ahead synchronously, once, and nothing before it has come back', async () => {
    signIn();
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    mockApi({
      'GET /calls': async () => {
        await answered;
        return json(200, [{ _id: 'c1' }]);
      },
    });
    let read: Promise<unknown> = Promise.resolve();
    readAhead(() => {
      read = apiRequest('/calls', { query: { kind: 'x' } });
      return read;
    });
    expect(takeSettledAhead('/calls', { kind: 'x' })).toBeUndefined();
    answer();
    await read;
    expect(takeSettledAhead('/calls', { kind: 'y' })).toBeUndefined();
    expect(takeSettledAhead('/calls', { kind: 'x' })).toEqual([{ _id: 'c1' }]);
    expect(takeSettledAhead('/calls', { kind: 'x' })).toBeUndefined();
  });
});
