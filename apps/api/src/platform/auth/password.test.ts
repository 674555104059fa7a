import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';

describe('password hashing', () => {
  it('stores argon2id hashes with the OWASP parameters and checks them', async () => {
    const hashed = await hashPassword('secret123');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hashed, 'secret123')).toBe(true);
    expect(await verifyPassword(hashed, 'secret124')).toBe(false);
    expect(await verifyPassword('not a hash', 'secret123')).toBe(false);
    expect(await verifyAgainstDummy('secret123')).toBe(false);
  });

  it('completes many concurrent hashes through the limited pool', async () => {
    const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`pw-${i}`)));
    expect(new Set(hashes).size).toBe(6);
    expect(await Promise.all(hashes.map((h, i) => verifyPassword(h, `pw-${i}`)))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
  });
});
