import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, signupPatient, type TestApp } from '../../test/harness';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from './tokens';

let t: TestApp;
let org: string;
let patient: Awaited<ReturnType<typeof signupPatient>>;
let sid: string;

beforeAll(async () => {
  t = await createTestApp();
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  patient = await signupPatient(t.app, org);
  sid = (JSON.parse(Buffer.from(patient.token.split('.')[1]!, 'base64url').toString()) as { sid: string })
    .sid;
});
afterAll(() => t.close());

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
/** Signed with the server's own secret: only its claims can tell it from a real one. */
function forge(payload: Record<string, unknown>): string {
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', t.config.TOKEN_SECRET!).update(input).digest('base64url')}`;
}

describe('registered claims of a token, over the API', () => {
  // The server reads the real clock for tokens; every offset below is far outside the one-minute leeway.
  const now = () => Math.floor(Date.now() / 1000);
  const valid = () => ({
    sub: patient.id,
    org,
    sid,
    iss: TOKEN_ISSUER,
    aud: TOKEN_AUDIENCE,
    iat: now() - 60,
    exp: now() + 3600,
  });
  const read = (token: string) =>
    t.app.inject({ url: `/users/${org}/user/${patient.id}/patient`, headers: bearer(token) });

  it('accepts a token with the right claims (so each refusal below is its one bad claim)', async () => {
    expect((await read(forge(valid()))).statusCode).toBe(200);
    expect((await read(forge({ ...valid(), nbf: now() - 60 }))).statusCode).toBe(200);
  });

  it('answers 401 in the error shape for a future nbf, a foreign or missing aud, a future iat, a foreign iss', async () => {
    const { aud: _a, ...noAudience } = valid();
    const cases: [string, Record<string, unknown>][] = [
      ['nbf in an hour', { ...valid(), nbf: now() + 3600 }],
      ['audience of another service', { ...valid(), aud: 'billing-service' }],
      ['no audience', noAudience],
      ['iat a day ahead', { ...valid(), iat: now() + 86_400, exp: now() + 86_400 + 600 }],
      ['another issuer', { ...valid(), iss: 'someone-else' }],
      ['an expiry years away', { ...valid(), exp: now() + 5 * 365 * 86_400 }],
    ];
    for (const [label, payload] of cases) {
      const res = await read(forge(payload));
      expect(res.statusCode, label).toBe(401);
      expect(res.headers['cache-control'], label).toBe('no-store');
      expect(json(res), label).toEqual({ text: 'Unauthorized', message: 'Please log in to continue.' });
    }
  });

  it('answers 401 TokenExpired past the expiry and its leeway', async () => {
    const res = await read(forge({ ...valid(), iat: now() - 7200, exp: now() - 3600 }));
    expect(res.statusCode).toBe(401);
    expect(json(res)).toMatchObject({ text: 'TokenExpired' });
  });

  it('issues tokens carrying this portal’s audience', () => {
    const payload = JSON.parse(Buffer.from(patient.token.split('.')[1]!, 'base64url').toString()) as {
      aud: unknown;
    };
    expect(payload.aud).toBe(TOKEN_AUDIENCE);
  });
});
