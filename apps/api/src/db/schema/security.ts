import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ref, updatedAt } from './columns';
import { users } from './users';

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238). The secrets are encrypted with a key derived
 * from the server's token secret; `last_step` is the last time step a code was accepted for, so no code
 * works twice.
 */
export const twoFactor = pgTable('two_factor', {
  userId: ref('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The secret in use, encrypted; null while two-factor sign-in is off. */
  secret: varchar('secret', { length: 200 }),
  /** A secret being set up (shown as a QR code, not yet confirmed with a code), encrypted. */
  pendingSecret: varchar('pending_secret', { length: 200 }),
  enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date' }),
  lastStep: integer('last_step'),
  updatedAt: updatedAt(),
});

/** Single-use recovery codes, stored as keyed SHA-256 hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: idColumn(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId, t.codeHash)],
);
