import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { createTokenService, TOKEN_AUDIENCE, TOKEN_ISSUER, TOKEN_LEEWAY_SECONDS } from './tokens';

const SECRET = 'a-secret-of-at-least-thirty-two-chars!!';
const TTL = 3600;
/** A fixed clock: 2026-11-24T10:00:00Z, in milliseconds. */
const NOW_MS = Date.UTC(2026, 10, 24, 10, 0, 0);
const NOW = NOW_MS / 1000;
const service = createTokenService(SECRET, TTL, () => NOW_MS);
const claims = { sub: 'a'.repeat(24), org: 'b'.repeat(24), sid: 'c'.repeat(24) };

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
/** A token signed with the server's own secret (what a party holding it, or a bug, could mint). */
function signed(
  payload: Record<string, unknown>,
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
) {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
}
const good = { ...claims, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, iat: NOW - 10, exp: NOW + 600 };

function refusal(token: string): unknown {
  try {
    service.verify(token);
  } catch (error) {
    return error;
  }
  return 'accepted';
}

describe('token service', () => {
  it('round-trips its claims and carries the expiry, issuer, audience and issue time in the payload', async () => {
    const exp = new Date(NOW_MS + 60_000);
    const token = await service.sign(claims, exp);
    expect(service.verify(token)).toEqual(claims);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(payload).toMatchObject({ exp: NOW + 60, iat: NOW, iss: 'portal', aud: 'portal-api' });
  });

  it('rejects an expired token as TokenExpired and a foreign one as Unauthorized', async () => {
    const expired = await service.sign(claims, new Date(NOW_MS - (TOKEN_LEEWAY_SECONDS + 1) * 1000));
    expect(refusal(expired)).toMatchObject({ statusCode: 401, text: 'TokenExpired' });
    const other = createTokenService('another-secret-of-at-least-thirty-two!!', TTL, () => NOW_MS);
    const foreign = await other.sign(claims, new Date(NOW_MS + 60_000));
    const error = refusal(foreign);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 401, text: 'Unauthorized' });
  });

  it('tolerates the leeway on every time claim, and no more', () => {
    const leeway = TOKEN_LEEWAY_SECONDS;
    expect(service.verify(signed({ ...good, exp: NOW - leeway + 1 }))).toEqual(claims);
    expect(service.verify(signed({ ...good, nbf: NOW + leeway }))).toEqual(claims);
    expect(service.verify(signed({ ...good, iat: NOW + leeway, exp: NOW + leeway + 60 }))).toEqual(claims);
    expect(refusal(signed({ ...good, exp: NOW - leeway }))).toMatchObject({ text: 'TokenExpired' });
    expect(refusal(signed({ ...good, nbf: NOW + leeway + 1 }))).toMatchObject({ text: 'Unauthorized' });
    expect(refusal(signed({ ...good, iat: NOW + leeway + 1, exp: NOW + leeway + 60 }))).toMatchObject({
      text: 'Unauthorized',
    });
  });
});

describe('token checks', () => {
  it('accepts only HS256 with our key, issuer and a numeric expiry', async () => {
    const token = await service.sign(claims, new Date(NOW_MS + 60_000));
    const [h, p, s] = token.split('.') as [string, string, string];
    const forged = [
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(good)}.`,
      `${b64({ alg: 'none' })}.${p}.${s}`,
      `${b64({ alg: 'HS512' })}.${p}.${s}`,
      `${h}.${b64({ ...good, sub: 'd'.repeat(24) })}.${s}`,
      `${h}.${p}.${s.slice(0, -2)}`,
      `${h}.${p}`,
      `${h}.${p}.${s}.x`,
      `${h}.${p}.${s}==`,
      '',
    ];
    for (const t of forged) {
      expect(refusal(t), t).toMatchObject({ statusCode: 401, text: 'Unauthorized' });
    }
  });

  it('refuses a validly signed token with any bad registered claim', () => {
    const { aud: _aud, ...noAudience } = good;
    const { iat: _iat, ...noIssuedAt } = good;
    const { exp: _exp, ...noExpiry } = good;
    const bad: [string, string][] = [
      ['nbf in the future', signed({ ...good, nbf: NOW + 3600 })],
      ['nbf not a number', signed({ ...good, nbf: String(NOW - 10) })],
      ['another audience', signed({ ...good, aud: 'another-service' })],
      ['audience list', signed({ ...good, aud: [TOKEN_AUDIENCE, 'another-service'] })],
      ['no audience (issued before the claim)', signed(noAudience)],
      ['another issuer', signed({ ...good, iss: 'someone-else' })],
      ['no issuer', signed({ ...good, iss: undefined })],
      ['iat far in the future', signed({ ...good, iat: NOW + 86_400, exp: NOW + 86_400 + 600 })],
      ['no iat', signed(noIssuedAt)],
      ['iat not a number', signed({ ...good, iat: `${NOW}` })],
      ['no exp', signed(noExpiry)],
      ['exp not a number', signed({ ...good, exp: `${NOW + 600}` })],
      ['a life longer than any token issued', signed({ ...good, exp: NOW + 10 * 365 * 86_400 })],
      ['empty subject', signed({ ...good, sub: '' })],
      ['another token type', signed(good, { alg: 'HS256', typ: 'at+jwt' })],
      ['a critical header', signed(good, { alg: 'HS256', crit: ['exp'] })],
    ];
    for (const [label, token] of bad) {
      expect(refusal(token), label).toMatchObject({ statusCode: 401, text: 'Unauthorized' });
    }
    // The same claims, well formed, pass: the refusals above come from the one bad claim.
    expect(service.verify(signed(good))).toEqual(claims);
  });
  it('checks the times of a token it has seen before against the clock of each use', () => {
    let now = NOW_MS;
    const moving = createTokenService(SECRET, TTL, () => now);
    const token = signed(good);
    expect(moving.verify(token)).toEqual(claims);
    now = (good.exp + TOKEN_LEEWAY_SECONDS) * 1000;
    expect(() => moving.verify(token)).toThrow(expect.objectContaining({ text: 'TokenExpired' }));
    // a clock set back before the issue time refuses it too
    now = (good.iat - TOKEN_LEEWAY_SECONDS - 1) * 1000;
    expect(() => moving.verify(token)).toThrow(expect.objectContaining({ text: 'Unauthorized' }));
    now = NOW_MS;
    expect(moving.verify(token)).toEqual(claims);
  });

  it('accepts a token refused for its not-before time once that time has come', () => {
    let now = NOW_MS;
    const moving = createTokenService(SECRET, TTL, () => now);
    const token = signed({ ...good, nbf: NOW + TOKEN_LEEWAY_SECONDS + 10 });
    expect(() => moving.verify(token)).toThrow(expect.objectContaining({ text: 'Unauthorized' }));
    now = NOW_MS + 11_000;
    expect(moving.verify(token)).toEqual(claims);
    now = NOW_MS;
    expect(() => moving.verify(token)).toThrow(expect.objectContaining({ text: 'Unauthorized' }));
  });
});
