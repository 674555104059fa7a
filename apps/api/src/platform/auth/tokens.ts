import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { Errors } from '../errors';

export type TokenClaims = { sub: string; org: string; sid: string };

const ALGORITHM = 'HS256';
export const TOKEN_ISSUER = 'portal';
/**
 * Who a session token is for: this portal's API, and nothing else that might share the secret. Tokens
 * issued before the claim existed carry no `aud` and are refused with 401 Unauthorized, which the web app
 * answers by ending the session and showing the login page (docs/decisions/016).
 */
export const TOKEN_AUDIENCE = 'portal-api';
/** Clock difference tolerated between the instances that sign and check a token, in seconds. */
export const TOKEN_LEEWAY_SECONDS = 60;

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

/** Tokens already checked, remembered by their text (about 250 bytes each). */
const CHECKED_TOKENS_MAX = 10_000;
type Checked = { claims: TokenClaims; iat: number; nbf: number | undefined; exp: number };

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * Signs and checks session tokens. The expiry lives in the token so the web app can read it.
 * Signing uses jose; checking is a strict HS256-only verification with node:crypto, synchronous and a
 * fraction of the cost of WebCrypto's, because it runs on every authenticated request. Every registered
 * claim is checked with a leeway of {@link TOKEN_LEEWAY_SECONDS}: `iss` and `aud` must be ours, `exp` and
 * `iat` are required, `iat` may not lie in the future nor `exp` further after it than a token lives, and an
 * `nbf`, when present, must have passed.
 */
export function createTokenService(
  secret: string,
  ttlSeconds: number,
  /** The clock, in milliseconds: the real one unless a test fixes it. */
  clock: () => number = Date.now,
) {
  const key = Buffer.from(secret, 'utf8');
  const isBase64Url = /^[A-Za-z0-9_-]+$/;
  // A token's signature and claims never change, so a token seen before skips the decoding and the HMAC
  // (a tenth of an authenticated read); its times are checked again on every use, against the clock.
  const checked = new Map<string, Checked>();
  const checkTimes = ({ iat, nbf, exp }: Omit<Checked, 'claims'>) => {
    const now = clock() / 1000;
    // Issued in the future, not valid yet, or expired.
    if (iat > now + TOKEN_LEEWAY_SECONDS) throw Errors.unauthorized();
    if (nbf !== undefined && nbf > now + TOKEN_LEEWAY_SECONDS) throw Errors.unauthorized();
    if (exp <= now - TOKEN_LEEWAY_SECONDS) throw Errors.tokenExpired();
  };
  return {
    ttlSeconds,
    async sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({ org: claims.org, sid: claims.sid })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(Math.floor(clock() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    /** Throws TokenExpired for an expired token and Unauthorized for anything else that is not ours. */
    verify(token: string): TokenClaims {
      const known = checked.get(token);
      if (known) {
        checkTimes(known);
        return known.claims;
      }
      const parts = token.split('.');
      if (parts.length !== 3 || !parts.every((p) => isBase64Url.test(p))) throw Errors.unauthorized();
      const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
      const header = decodeJson(headerPart);
      if (
        !header ||
        header.alg !== ALGORITHM ||
        (header.typ !== undefined && header.typ !== 'JWT') ||
        (header.crit !== undefined && header.crit !== null)
      ) {
        throw Errors.unauthorized();
      }
      const expected = createHmac('sha256', key).update(`${headerPart}.${payloadPart}`).digest();
      const given = Buffer.from(signaturePart, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw Errors.unauthorized();
      const payload = decodeJson(payloadPart);
      if (!payload || payload.iss !== TOKEN_ISSUER || payload.aud !== TOKEN_AUDIENCE) {
        throw Errors.unauthorized();
      }
      const { sub, org, sid, exp, iat, nbf } = payload;
      if (!isTime(exp) || !isTime(iat) || !isText(sub) || !isText(org) || !isText(sid)) {
        throw Errors.unauthorized();
      }
      // Claiming a longer life than any token this server signs.
      if (nbf !== undefined && !isTime(nbf)) throw Errors.unauthorized();
      if (exp - iat > ttlSeconds + TOKEN_LEEWAY_SECONDS) throw Errors.unauthorized();
      const entry: Checked = { claims: { sub, org, sid }, iat, nbf, exp };
      checkTimes(entry);
      if (checked.size >= CHECKED_TOKENS_MAX) checked.delete(checked.keys().next().value as string);
      checked.set(token, entry);
      return entry.claims;
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
