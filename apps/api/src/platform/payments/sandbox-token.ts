import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** How long a sandbox card token may be used, as a provider's card token (30 minutes). */
export const SANDBOX_TOKEN_TTL_SECONDS = 30 * 60;

const Outcome = z.enum([
  'succeeded',
  'card_declined',
  'insufficient_funds',
  'lost_card',
  'stolen_card',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
]);

/** What a sandbox token carries: display fields and the test outcome, never the card number. */
const Payload = z
  .object({
    brand: z.string().max(24),
    last4: z.string().regex(/^\d{4}$/),
    exp_month: z.number().int().min(1).max(12),
    exp_year: z.number().int().min(2000).max(2200),
    outcome: Outcome,
    /** Issued at, in seconds. */
    iat: z.number().int(),
    /** Makes every token distinct, so two tokenisations of one card are two payment methods. */
    jti: z.string().max(32),
  })
  .strict();
export type SandboxTokenPayload = z.infer<typeof Payload>;

/** The HMAC key of sandbox tokens, derived from the server's token secret (a key used for nothing else). */
export function sandboxTokenKey(tokenSecret: string): Buffer {
  return createHmac('sha256', tokenSecret).update('portal/payments/sandbox-card-token/v1').digest();
}

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest();

/**
 * A stateless, tamper-proof token: `tok_` + base64url(JSON payload) + '.' + base64url(HMAC-SHA256).
 * Nothing is stored at tokenisation; the server trusts only what the signature covers.
 */
export function signSandboxToken(
  card: Omit<SandboxTokenPayload, 'iat' | 'jti'>,
  key: Buffer,
  now: Date = new Date(),
): string {
  const payload: SandboxTokenPayload = {
    ...card,
    iat: Math.floor(now.getTime() / 1000),
    jti: randomBytes(9).toString('base64url'),
  };
  const body = `tok_${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${mac(key, body).toString('base64url')}`;
}

export type TokenCheck =
  | { ok: true; payload: SandboxTokenPayload }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

/** Verifies signature and age; the payload is parsed only once the signature matched. */
export function verifySandboxToken(token: string, key: Buffer, now: Date = new Date()): TokenCheck {
  const dot = token.lastIndexOf('.');
  if (!token.startsWith('tok_') || dot < 5 || token.length > 512) return { ok: false, reason: 'malformed' };
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = mac(key, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'signature' };
  }
  let payload: SandboxTokenPayload;
  try {
    const parsed = Payload.safeParse(JSON.parse(Buffer.from(body.slice(4), 'base64url').toString('utf8')));
    if (!parsed.success) return { ok: false, reason: 'malformed' };
    payload = parsed.data;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const age = Math.floor(now.getTime() / 1000) - payload.iat;
  if (age < -60 || age > SANDBOX_TOKEN_TTL_SECONDS) return { ok: false, reason: 'expired' };
  return { ok: true, payload };
}

/** The sandbox payment-method id of a token: the same token always gives the same id. */
export function sandboxPaymentMethodId(token: string): string {
  return `pm_sandbox_${createHash('sha256').update(token).digest('hex').slice(0, 24)}`;
}
