import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { Errors } from '../errors';

export type TokenClaims = { sub: string; org: string; sid: string };

const ALGORITHM = 'HS256';
const ISSUER = 'portal';

/** Signs and checks session tokens. The expiry lives in the token so the web app can read it. */
export function createTokenService(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER });
        const { sub, org, sid } = payload as Partial<Record<string, unknown>>;
        if (typeof sub !== 'string' || typeof org !== 'string' || typeof sid !== 'string')
          throw Errors.unauthorized();
        return { sub, org, sid };
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw Errors.tokenExpired();
        throw Errors.unauthorized();
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
