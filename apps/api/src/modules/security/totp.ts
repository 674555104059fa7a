import { Secret, TOTP } from 'otpauth';

/** Codes change every 30 seconds and have 6 digits: what every authenticator app expects by default. */
export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;
/** One step either side: a phone clock up to 30 s off still works, and a code typed as it changes. */
const DRIFT_STEPS = 1;

export type TotpAlgorithm = 'SHA1' | 'SHA256' | 'SHA512';

/** A new random secret (160 bits, RFC 4226's recommendation), base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app scans: the clinic as issuer, the patient's e-mail as label. */
export function otpauthUrl(secret: string, issuer: string, account: string): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    digits: DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}

/** The code for an instant (RFC 6238); algorithm and digits are open for the RFC's own test vectors. */
export function totpCode(
  secret: Uint8Array | string,
  at: Date,
  opts: { algorithm?: TotpAlgorithm; digits?: number } = {},
): string {
  return new TOTP({
    secret:
      typeof secret === 'string' ? Secret.fromBase32(secret) : new Secret({ buffer: toArrayBuffer(secret) }),
    algorithm: opts.algorithm ?? 'SHA1',
    digits: opts.digits ?? DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).generate({ timestamp: at.getTime() });
}

/**
 * The time step the code belongs to when it is valid at `at` (within the drift window), else null. The caller
 * stores the step and refuses any step not after it, so a code cannot be replayed.
 */
export function matchTotpStep(secret: string, code: string, at: Date): number | null {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: DIGITS, period: TOTP_PERIOD_SECONDS });
  const delta = totp.validate({ token: code, timestamp: at.getTime(), window: DRIFT_STEPS });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: at.getTime() }) + delta;
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
