import { normalizeSecondFactor, RECOVERY_CODE } from '@portal/domain/security/texts';
import { describe, expect, it } from 'vitest';
import { createSecretBox, newRecoveryCode } from './secret-box';

describe('secret box', () => {
  const box = createSecretBox('test-secret-test-secret-test-secret-42');

  it('seals and opens a secret, never storing it in clear', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealed.length).toBeLessThanOrEqual(200);
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
  });

  it('opens nothing tampered with or sealed under another token secret', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    const [v, iv, body, tag] = sealed.split('.');
    const flipped = `${v}.${iv}.${body!.slice(0, -2)}AA.${tag}`;
    expect(box.open(flipped)).toBeNull();
    expect(box.open('garbage')).toBeNull();
    expect(createSecretBox('another-secret-another-secret-12345').open(sealed)).toBeNull();
  });

  it('hashes recovery codes per user', () => {
    const a = box.hashRecoveryCode('u1', 'abcdefghjk');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(box.hashRecoveryCode('u2', 'abcdefghjk')).not.toBe(a);
    expect(box.hashRecoveryCode('u1', 'abcdefghjk')).toBe(a);
  });

  it('makes recovery codes the login form accepts, all different', () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    expect(new Set(codes).size).toBe(200);
    for (const code of codes) {
      expect(code).toMatch(RECOVERY_CODE);
      expect(code).not.toMatch(/[01ilo]/);
      expect(normalizeSecondFactor(code.toUpperCase())).toEqual({
        kind: 'recovery',
        value: code.replace('-', ''),
      });
    }
  });
});
