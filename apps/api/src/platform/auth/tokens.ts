import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { Errors } from '../errors';

export type TokenClaims = { sub: string; org: string; sid: string };

const ALGORITHM = 'HS256';
const ISSUER = 'portal';

function decodeJson(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Signs and checks session tokens. The expiry lives in the token so the web app can read it.
 * Signing uses jose; checking is a strict HS256-only verification with node:crypto, synchronous and a
 * fraction of the cost of WebCrypto's, because it runs on every authenticated request.
 */
export function createTokenService(secret: string, ttlSeconds: number) {
  const key = Buffer.from(secret, 'utf8');
  const isBase64Url = /^[A-Za-z0-9_-]+$/;
  return {
    ttlSeconds,
    async sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({ org: claims.org, sid: claims.sid })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    /** Throws TokenExpired for an expired token and Unauthorized for anything else that is not ours. */
    async verify(token: string): Promise<TokenClaims> {
      const parts = token.split('.');
      if (parts.length !== 3 || !parts.every((p) => isBase64Url.test(p))) throw Errors.unauthorized();
      const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
      const header = decodeJson(headerPart);
      if (!header || header.alg !== ALGORITHM || (header.crit !== undefined && header.crit !== null)) {
        throw Errors.unauthorized();
      }
      const expected = createHmac('sha256', key).update(`${headerPart}.${payloadPart}`).digest();
      const given = Buffer.from(signaturePart, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw Errors.unauthorized();
      const payload = decodeJson(payloadPart);
      if (!payload || payload.iss !== ISSUER) throw Errors.unauthorized();
      const { sub, org, sid, exp } = payload;
      if (
        typeof exp !== 'number' ||
        typeof sub !== 'string' ||
        typeof org !== 'string' ||
        typeof sid !== 'string'
      ) {
        throw Errors.unauthorized();
      }
      if (exp <= Math.floor(Date.now() / 1000)) throw Errors.tokenExpired();
      return { sub, org, sid };
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
