import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../test/helpers';
import { reportError, resetErrorReporting } from './error-reporting';

const captured: unknown[] = [];
vi.mock('./sentry-browser', () => ({
  startSentry: () => ({ capture: (error: unknown) => void captured.push(error) }),
}));

function injectBrand(value: object) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'portal-brand';
  script.textContent = JSON.stringify(value);
  document.head.appendChild(script);
}

afterEach(() => {
  document.getElementById('portal-brand')?.remove();
  resetErrorReporting();
  captured.length = 0;
  window.history.replaceState(null, '', '/');
});

const reports = (requests: { method: string; path: string; body: unknown }[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === '/v2/client-errors').map((r) => r.body);

describe('error reporting in the browser', () => {
  it('posts a scrubbed report to the API when no error-reporting service is configured', async () => {
    window.history.replaceState(
      null,
      '',
      '/dashboard/64a1b2c3d4e5f6a7b8c9d0e1/settings?email=jane@example.com',
    );
    const requests = mockApi({ 'POST /v2/client-errors': json(202, { request_id: 'r1' }) });
    reportError(new TypeError('cannot read name of jane@example.com'), 'window');
    await waitFor(() => expect(reports(requests)).toHaveLength(1));
    const [body] = reports(requests) as { kind: string; message: string; path: string; stack?: string }[];
    expect(body).toMatchObject({
      kind: 'window',
      message: 'TypeError: cannot read name of [email]',
      path: '/dashboard/:id/settings',
    });
    expect(JSON.stringify(body)).not.toContain('jane@example.com');
  });

  it('sends at most ten reports per page', async () => {
    const requests = mockApi({ 'POST /v2/client-errors': json(202, { request_id: 'r' }) });
    for (let i = 0; i < 15; i++) reportError(new Error(`loop ${i}`), 'promise');
    await waitFor(() => expect(reports(requests)).toHaveLength(10));
  });

  it('hands the error to Sentry, loaded on first use, when the page carries a DSN', async () => {
    injectBrand({
      organization: { _id: 'x' },
      reporting: {
        dsn: 'https://public@sentry.example/1',
        environment: 'test',
        traces_sample_rate: 1,
        replays_session_sample_rate: 0.1,
        replays_on_error_sample_rate: 1,
      },
    });
    const requests = mockApi({});
    const error = new Error('boom');
    reportError(error, 'crash');
    await waitFor(() => expect(captured).toEqual([error]));
    expect(reports(requests)).toHaveLength(0);
  });
});
