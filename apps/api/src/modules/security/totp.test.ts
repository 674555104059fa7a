import { describe, expect, it } from 'vitest';
import { matchTotpStep, newTotpSecret, otpauthUrl, type TotpAlgorithm, totpCode } from './totp';

/** RFC 6238 Appendix B: the seeds are ASCII digits of 20, 32 and 64 bytes; codes have 8 digits. */
const SEEDS: Record<TotpAlgorithm, Uint8Array> = {
  SHA1: new TextEncoder().encode('12345678901234567890'),
  SHA256: new TextEncoder().encode('12345678901234567890123456789012'),
  SHA512: new TextEncoder().encode('1234567890123456789012345678901234567890123456789012345678901234'),
};
const VECTORS: [number, TotpAlgorithm, string][] = [
  [59, 'SHA1', '94287082'],
  [59, 'SHA256', '46119246'],
  [59, 'SHA512', '90693936'],
  [1111111109, 'SHA1', '07081804'],
  [1111111109, 'SHA256', '68084774'],
  [1111111109, 'SHA512', '25091201'],
  [1111111111, 'SHA1', '14050471'],
  [1111111111, 'SHA256', '67062674'],
  [1111111111, 'SHA512', '99943326'],
  [1234567890, 'SHA1', '89005924'],
  [1234567890, 'SHA256', '91819424'],
  [1234567890, 'SHA512', '93441116'],
  [2000000000, 'SHA1', '69279037'],
  [2000000000, 'SHA256', '90698825'],
  [2000000000, 'SHA512', '38618901'],
  [20000000000, 'SHA1', '65353130'],
  [20000000000, 'SHA256', '77737706'],
  [20000000000, 'SHA512', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i s with %s gives %s', (seconds, algorithm, expected) => {
    expect(totpCode(SEEDS[algorithm], new Date(seconds * 1000), { algorithm, digits: 8 })).toBe(expected);
  });

  it('accepts a code one step either side of now and gives the step it belongs to', () => {
    const secret = newTotpSecret();
    const now = new Date('2026-06-10T12:00:10Z');
    const step = Math.floor(now.getTime() / 30_000);
    expect(matchTotpStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchTotpStep(secret, totpCode(secret, new Date(now.getTime() - 30_000)), now)).toBe(step - 1);
    expect(matchTotpStep(secret, totpCode(secret, new Date(now.getTime() + 30_000)), now)).toBe(step + 1);
  });

  it('refuses an expired code, a code from another secret and a wrong one', () => {
    const secret = newTotpSecret();
    const now = new Date('2026-06-10T12:00:10Z');
    expect(matchTotpStep(secret, totpCode(secret, new Date(now.getTime() - 90_000)), now)).toBeNull();
    expect(matchTotpStep(secret, totpCode(newTotpSecret(), now), now)).toBeNull();
    const right = totpCode(secret, now);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(matchTotpStep(secret, wrong, now)).toBeNull();
  });

  it('makes 160-bit base32 secrets and an otpauth address naming the clinic and the account', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl(secret, 'Evergreen Longevity', 'jane@example.com'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Evergreen Longevity');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
  });
});
