import { createTransport } from '@sentry/node';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createErrorReporter } from './reporter';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
const silent = { error: () => undefined } as never;

describe('error reporter', () => {
  it('logs when no DSN is configured, and never loads Sentry', async () => {
    const logged: unknown[] = [];
    const reporter = await createErrorReporter(loadConfig({ NODE_ENV: 'test' }), {
      error: (o: unknown) => void logged.push(o),
    } as never);
    expect(reporter.kind).toBe('log');
    reporter.capture(new Error('boom'), { requestId: 'r-1', route: '/x' });
    expect(logged).toEqual([expect.objectContaining({ reqId: 'r-1', route: '/x' })]);
  });

  it('sends Sentry only scrubbed events, tagged with the request id', async () => {
    const sent: string[] = [];
    const reporter = await createErrorReporter(
      loadConfig({ NODE_ENV: 'test', SENTRY_DSN: 'https://public@sentry.example/1' }),
      silent,
      {
        transport: (options) =>
          createTransport(options, async (request) => {
            sent.push(
              typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body),
            );
            return { statusCode: 200 };
          }),
      },
    );
    expect(reporter.kind).toBe('sentry');
    reporter.capture(new Error(`token ${JWT} refused for jane@example.com`), {
      requestId: 'req-42',
      route: '/users/:org/:id/security',
      userId: 'u1',
    });
    await reporter.flush();
    const body = sent.join('\n');
    expect(body).toContain('req-42');
    expect(body).toContain('refused for [email]');
    expect(body).not.toContain(JWT);
    expect(body).not.toContain('jane@example.com');
  });
});
