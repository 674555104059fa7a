import { describe, expect, it } from 'vitest';
import { makeToken } from '../test/helpers';
import { decodeTokenPayload, tokenExpiresAt, tokenStatus, tokenSubject } from './token';

describe('token expiry', () => {
  it('decodes the base64url payload, including - and _ characters and no padding', () => {
    // "??>" encodes to "Pz8-" in base64url, "Pz8+" in base64: the decoder must map it back
    const token = makeToken({ sub: 'user-1', note: '??>??>', exp: 2_000_000_000 });
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(token.split('.')[1]).not.toMatch(/=/);
    expect(decodeTokenPayload(token)).toEqual({ sub: 'user-1', note: '??>??>', exp: 2_000_000_000 });
  });

  it('decodes UTF-8 claims', () => {
    const payload = { sub: 'ü', exp: 1 };
    const body = btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(payload))));
    expect(decodeTokenPayload(`h.${body.replace(/=+$/, '')}.s`)).toEqual(payload);
  });

  it('reads exp as seconds since the epoch', () => {
    expect(tokenExpiresAt(makeToken({ exp: 1_700_000_000 }))).toBe(1_700_000_000_000);
  });

  it('is valid before exp and expired at or after it', () => {
    const token = makeToken({ exp: 1_700_000_000 });
    expect(tokenStatus(token, 1_699_999_999_000)).toBe('valid');
    expect(tokenStatus(token, 1_700_000_000_000)).toBe('expired');
    expect(tokenStatus(token, 1_800_000_000_000)).toBe('expired');
  });

  it('treats a missing token as none and a malformed or exp-less token as invalid', () => {
    expect(tokenStatus(null)).toBe('none');
    expect(tokenStatus('')).toBe('none');
    expect(tokenStatus('not-a-jwt')).toBe('invalid');
    expect(tokenStatus('a.%%%.c')).toBe('invalid');
    expect(tokenStatus(makeToken({ sub: 'x' }))).toBe('invalid');
    expect(tokenStatus(makeToken({ exp: 'soon' }))).toBe('invalid');
  });

  it('reads the subject', () => {
    expect(tokenSubject(makeToken({ sub: 'abc', exp: 1 }))).toBe('abc');
    expect(tokenSubject(makeToken({ exp: 1 }))).toBeNull();
  });
});
