import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { createTokenService } from './tokens';

const service = createTokenService('a-secret-of-at-least-thirty-two-chars!!', 3600);
const claims = { sub: 'a'.repeat(24), org: 'b'.repeat(24), sid: 'c'.repeat(24) };

describe('token service', () => {
  it('round-trips its claims and carries the expiry in the payload', async () => {
    const exp = new Date(Date.now() + 60_000);
    const token = await service.sign(claims, exp);
    expect(await service.verify(token)).toEqual(claims);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    expect(payload.exp).toBe(Math.floor(exp.getTime() / 1000));
  });

  it('rejects an expired token as TokenExpired and a foreign one as Unauthorized', async () => {
    const expired = await service.sign(claims, new Date(Date.now() - 1000));
    await expect(service.verify(expired)).rejects.toMatchObject({ statusCode: 401, text: 'TokenExpired' });
    const other = createTokenService('another-secret-of-at-least-thirty-two!!', 3600);
    const foreign = await other.sign(claims, new Date(Date.now() + 60_000));
    const error = await service.verify(foreign).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 401, text: 'Unauthorized' });
  });
});

describe('token checks', () => {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const payload = { ...claims, iss: 'portal', exp: Math.floor(Date.now() / 1000) + 600 };

  it('accepts only HS256 with our key, issuer and a numeric expiry', async () => {
    const good = await service.sign(claims, new Date(Date.now() + 60_000));
    const [h, p, s] = good.split('.') as [string, string, string];
    const forged = [
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`,
      `${b64({ alg: 'none' })}.${p}.${s}`,
      `${b64({ alg: 'HS512' })}.${p}.${s}`,
      `${h}.${b64({ ...payload, sub: 'd'.repeat(24) })}.${s}`,
      `${h}.${p}.${s.slice(0, -2)}`,
      `${h}.${p}`,
      `${h}.${p}.${s}.x`,
      `${h}.${p}.${s}==`,
      '',
    ];
    for (const token of forged) {
      await expect(service.verify(token), token).rejects.toMatchObject({
        statusCode: 401,
        text: 'Unauthorized',
      });
    }
  });
});
