/** What the app needs from a token: is there one, and has it expired (000 §4 Session: "read from the token itself"). */
export type TokenStatus = 'none' | 'invalid' | 'expired' | 'valid';

export interface TokenPayload {
  sub?: string;
  org?: string;
  /** Expiry in seconds since the epoch. */
  exp?: number;
  [claim: string]: unknown;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The JWT payload (base64url-decoded JSON of the second segment), or null when the token is malformed. */
export function decodeTokenPayload(token: string): TokenPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as TokenPayload)
      : null;
  } catch {
    return null;
  }
}

/** The token's expiry in milliseconds since the epoch, or null when it has none or is malformed. */
export function tokenExpiresAt(token: string): number | null {
  const exp = decodeTokenPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/**
 * A token without a readable `exp` counts as invalid: the server always sets one, and a token whose
 * lifetime cannot be checked must not open the signed-in area.
 */
export function tokenStatus(token: string | null | undefined, now: number = Date.now()): TokenStatus {
  if (!token) return 'none';
  const expiresAt = tokenExpiresAt(token);
  if (expiresAt === null) return 'invalid';
  return expiresAt <= now ? 'expired' : 'valid';
}

/** The user id (`sub`) of a token, if it has one. */
export function tokenSubject(token: string | null | undefined): string | null {
  if (!token) return null;
  const sub = decodeTokenPayload(token)?.sub;
  return typeof sub === 'string' && sub ? sub : null;
}
