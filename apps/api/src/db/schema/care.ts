import { index, pgTable, text } from 'drizzle-orm/pg-core';
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
