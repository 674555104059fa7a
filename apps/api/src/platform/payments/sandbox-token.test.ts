import { describe, expect, it } from 'vitest';
import {
  SANDBOX_TOKEN_TTL_SECONDS,
  sandboxPaymentMethodId,
  sandboxTokenKey,
  signSandboxToken,
  verifySandboxToken,
} from './sandbox-token';

const key = sandboxTokenKey('test-secret-test-secret-test-secret-42');
const card = { brand: 'Visa', last4: '4242', exp_month: 12, exp_year: 2030, outcome: 'succeeded' } as const;
const NOW = new Date('2026-03-15T12:00:00Z');
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe('sandbox card tokens', () => {
  it('round-trips what was signed, and nothing else', () => {
    const token = signSandboxToken(card, key, NOW);
    expect(token).toMatch(/^tok_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const check = verifySandboxToken(token, key, later(60));
    expect(check).toMatchObject({ ok: true, payload: { ...card, iat: NOW.getTime() / 1000 } });
  });

  it('gives two tokens for one card two payment-method ids, and one token always the same id', () => {
    const a = signSandboxToken(card, key, NOW);
    const b = signSandboxToken(card, key, NOW);
    expect(a).not.toBe(b);
    expect(sandboxPaymentMethodId(a)).toBe(sandboxPaymentMethodId(a));
    expect(sandboxPaymentMethodId(a)).not.toBe(sandboxPaymentMethodId(b));
  });

  it('refuses a token whose payload was changed', () => {
    const token = signSandboxToken({ ...card, outcome: 'card_declined' }, key, NOW);
    const [body, sig] = token.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body.slice(4), 'base64url').toString());
    payload.outcome = 'succeeded';
    const forged = `tok_${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${sig}`;
    expect(verifySandboxToken(forged, key, NOW)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses another key, a cut signature and garbage', () => {
    const token = signSandboxToken(card, key, NOW);
    expect(verifySandboxToken(token, sandboxTokenKey('another-secret-another-secret-00'), NOW).ok).toBe(
      false,
    );
    expect(verifySandboxToken(token.slice(0, -2), key, NOW).ok).toBe(false);
    expect(verifySandboxToken('tok_abc', key, NOW).ok).toBe(false);
    expect(verifySandboxToken('pm_card_visa', key, NOW).ok).toBe(false);
    expect(verifySandboxToken('', key, NOW).ok).toBe(false);
  });

  it('expires after 30 minutes', () => {
    const token = signSandboxToken(card, key, NOW);
    expect(verifySandboxToken(token, key, later(SANDBOX_TOKEN_TTL_SECONDS)).ok).toBe(true);
    expect(verifySandboxToken(token, key, later(SANDBOX_TOKEN_TTL_SECONDS + 1))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });
});
