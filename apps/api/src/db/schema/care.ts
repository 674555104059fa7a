import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ref } from './columns';
import { organizations } from './organizations';
import { users } from './users';

/** The clinic's private notes on a patient (issue 12 §3): never shown to the patient. */
export const careNotes = pgTable(
  'care_notes',
  {
    id: idColumn(),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    patientId: ref('patient_id')
      .notNull()
      .references(() => users.id),
    authorId: ref('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('care_notes_patient_id_created_at_idx').on(t.patientId, t.createdAt)],
);

/**
 * An admin's invitation of a staff member (issue 12 §1): accepted once, before it expires, through the
 * link e-mailed to the address; only the token's hash is kept.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: idColumn(),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    email: varchar('email', { length: 254 }).notNull(),
    role: varchar('role', { length: 16 }).$type<'physician' | 'care_team' | 'admin'>().notNull(),
    firstName: varchar('first_name', { length: 35 }).notNull(),
    lastName: varchar('last_name', { length: 35 }).notNull(),
    /** A physician's licensed states (two letters each). */
    licensedStates: jsonb('licensed_states').$type<string[]>().notNull().default([]),
    npiNum: varchar('npi_num', { length: 10 }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    invitedBy: ref('invited_by')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_invitations_token_hash_idx').on(t.tokenHash),
    index('staff_invitations_organization_id_created_at_idx').on(t.organizationId, t.createdAt),
    index('staff_invitations_open_email_idx')
      .on(t.organizationId, t.email)
      .where(sql`${t.acceptedAt} is null`),
  ],
);
