import { index, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ref } from './columns';
import { organizations } from './organizations';
import { users } from './users';

/** Marketing and conversion events (tags, checkout completed, referrals) the clinic can read. */
export const events = pgTable(
  'events',
  {
    id: idColumn(),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: ref('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 64 }).notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_organization_id_name_created_at_idx').on(t.organizationId, t.name, t.createdAt),
    index('events_organization_id_created_at_idx').on(t.organizationId, t.createdAt),
    index('events_user_id_idx').on(t.userId),
  ],
);
