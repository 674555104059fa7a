import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ErrorContext, ErrorReporter } from '../../platform/error-reporting/reporter';
import { bearer, createTestApp, json, signupPatient, type TestApp } from '../../test/harness';

const lines: string[] = [];
const captured: { error: unknown; context: ErrorContext }[] = [];
const reporter: ErrorReporter = {
  kind: 'log',
  capture: (error, context) => void captured.push({ error, context }),
  flush: async () => undefined,
};
let t: TestApp;
let org: string;

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info' },
    { logStream: { write: (line: string) => void lines.push(line) }, errorReporter: reporter },
  );
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
});
afterAll(() => t.close());

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
const report = (body: object, remoteAddress = '10.1.1.1') =>
  t.app.inject({ method: 'POST', url: '/v2/client-errors', payload: body, remoteAddress });

describe('browser errors without an error-reporting service', () => {
  it('are logged scrubbed, under the id of the request that reported them', async () => {
    const res = await report({
      kind: 'crash',
      message: `TypeError: cannot read 'x' for jane@example.com with Bearer ${JWT}`,
      stack: 'at render (https://clinic.example/assets/app.js:1:2)\nat https://clinic.example/x?token=abc',
      path: '/dashboard/64a1b2c3d4e5f6a7b8c9d0e1/settings?email=jane@example.com',
      release: '2026.11.24',
    });
    expect(res.statusCode).toBe(202);
    const { request_id } = json<{ request_id: string }>(res);
    const line = lines.find((l) => l.includes('"browser error"') && l.includes(request_id));
    expect(line, 'the log line carries the request id').toBeTruthy();
    const entry = JSON.parse(line!) as { browser: { path: string; message: string; kind: string } };
    expect(entry.browser).toMatchObject({ kind: 'crash', path: '/dashboard/:id/settings' });
    expect(entry.browser.message).toContain("TypeError: cannot read 'x'");
    for (const secret of ['jane@example.com', JWT, 'token=abc', '64a1b2c3d4e5f6a7b8c9d0e1']) {
      expect(line).not.toContain(secret);
    }
  });

  it('refuses a malformed report with a 400 and a flood with a 429', async () => {
    const bad = await report({ kind: 'crash', message: 'x'.repeat(3000), path: '/' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ text: 'ValidationError' });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await report({ kind: 'window', message: 'boom', path: '/' }, '10.9.9.9')).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 202)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe("the API's unexpected errors", () => {
  it('go to the error reporter with the request id, the route and the user, and answer a generic 500', async () => {
    const p = await signupPatient(t.app, org);
    const failure = new Error('connection terminated');
    vi.spyOn(t.app.ctx.users, 'findPatient').mockRejectedValueOnce(failure);
    const res = await t.app.inject({ url: `/users/${org}/user/${p.id}/patient`, headers: bearer(p.token) });
    expect(res.statusCode).toBe(500);
    expect(json(res)).toEqual({
      text: 'NetworkError',
      message: 'An error occurred. Please try again later.',
    });
    const last = captured.at(-1)!;
    expect(last.error).toBe(failure);
    expect(last.context).toMatchObject({ route: '/users/:org/user/:id/patient', userId: p.id });
    expect(last.context.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
