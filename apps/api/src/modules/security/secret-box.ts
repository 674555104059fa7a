import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Keys for account security, derived from the server's token secret (HKDF-SHA256): one encrypts the
 * authenticator secrets at rest (AES-256-GCM), one hashes recovery codes (HMAC-SHA256). A copy of the
 * database alone reveals neither. Changing TOKEN_SECRET voids both, like every session.
 */
export function createSecretBox(tokenSecret: string) {
  const derive = (info: string) =>
    Buffer.from(hkdfSync('sha256', Buffer.from(tokenSecret, 'utf8'), 'portal-account-security', info, 32));
  const encryptionKey = derive('two-factor-secret');
  const hashKey = derive('recovery-code');

  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, body, cipher.getAuthTag()]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    /** The plain text, or null for anything not sealed by this key (tampered, truncated, another secret). */
    open(sealed: string): string | null {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== 'v1' || !iv || !body || !tag) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
    /** A recovery code's stored form: keyed by the user, so equal codes of two users do not match. */
    hashRecoveryCode(userId: string, code: string): string {
      return createHmac('sha256', hashKey).update(`${userId}:${code}`).digest('hex');
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;

/** Recovery code letters: no 0/o, 1/l/i, so a code copied by hand is read back right. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code as shown to the patient: "k7p2q-9xw4m" (about 49 bits of randomness). */
export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
