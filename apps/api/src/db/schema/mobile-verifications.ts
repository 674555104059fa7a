import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ref } from './columns';
import { users } from './users';

/**
 * The pending mobile verification of a patient (002 §4.8): one row per patient, replaced by each new code,
 * so only the latest code is valid. The code itself is never stored, only its keyed hash.
 */
export const mobileVerifications = pgTable('mobile_verifications', {
  userId: ref('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Ten national digits: the number the code was sent to, saved on the patient once verified. */
  mobileNumber: varchar('mobile_number', { length: 16 }).notNull(),
  /** HMAC-SHA256 (hex) of the code with the server's secret: 100,000 codes are too few for a plain hash. */
  codeHash: varchar('code_hash', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** Wrong codes entered for this code. */
  attempts: integer('attempts').notNull().default(0),
  createdAt: createdAt(),
});
