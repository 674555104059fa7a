import { describe, expect, it } from 'vitest';
import { scrubPath, scrubText } from './scrub';
import { scrubEvent } from './scrub-event';

const JWT =
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI2NGExYjJjM2Q0ZTVmNmE3YjhjOWQwZTEiLCJvcmciOiJ4In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

describe('error report scrubbing', () => {
  it.each([
    [`Bearer ${JWT} refused`, 'Bearer [token] refused'],
    [`token ${JWT}`, 'token [token]'],
    ['password=Secret123&x=1', 'password=[redacted]&x=1'],
    ['{"password":"Secret123","code":"12345"}', '{"password":[redacted],"code":[redacted]}'],
    ['no user jane.doe+test@example.com here', 'no user [email] here'],
    ['call (312) 555-0188 or 4242 4242 4242 4242', 'call (312) [number] or [number]'],
    ['GET /users/64a1b2c3d4e5f6a7b8c9d0e1/security failed', 'GET /users/:id/security failed'],
    ['at https://clinic.example/reset?token=abc&email=x', 'at https://clinic.example/reset?[query]'],
  ])('%s', (input, expected) => {
    expect(scrubText(input)).toBe(expected);
  });

  it('keeps a path without its query, fragment, host or ids', () => {
    expect(scrubPath('https://clinic.example/dashboard/64a1b2c3d4e5f6a7b8c9d0e1/settings?x=1#y')).toBe(
      '/dashboard/:id/settings',
    );
  });

  it('drops from an event everything but the route, the user id and scrubbed texts', () => {
    const event = scrubEvent({
      message: 'failed for jane@example.com',
      request: {
        method: 'POST',
        url: 'https://clinic.example/login/64a1b2c3d4e5f6a7b8c9d0e1?email=jane@example.com',
        data: { password: 'Secret123' },
        cookies: { sid: 'x' },
        headers: { authorization: `Bearer ${JWT}`, 'user-agent': 'Chrome' },
        query_string: 'email=jane@example.com',
      },
      user: { id: 'u1', email: 'jane@example.com', ip_address: '10.0.0.1' },
      exception: {
        values: [
          {
            value: `bad token ${JWT}`,
            stacktrace: { frames: [{ vars: { password: 'x' }, filename: '/srv/a.js' }] },
          },
        ],
      },
      breadcrumbs: [
        { category: 'fetch', message: 'GET /users/64a1b2c3d4e5f6a7b8c9d0e1', data: { body: 'x' } },
      ],
      extra: { body: { medical_profile: { allergies: 'penicillin' } } },
    });
    const text = JSON.stringify(event);
    for (const secret of ['Secret123', 'jane@example.com', JWT, 'penicillin', '10.0.0.1', 'sid']) {
      expect(text).not.toContain(secret);
    }
    expect(event.request).toEqual({ method: 'POST', url: '/login/:id', headers: { 'user-agent': 'Chrome' } });
    expect(event.user).toEqual({ id: 'u1' });
    expect(event.breadcrumbs).toEqual([{ category: 'fetch', message: 'GET /users/:id' }]);
  });
});
