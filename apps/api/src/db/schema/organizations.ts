import type { OrganizationSettings } from '@portal/domain/contracts/organization';
import { boolean, index, jsonb, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ref, updatedAt } from './columns';

/** The clinic's brand settings, as the organization contract types them (002 §3). */
export type { OrganizationSettings };

export const organizations = pgTable('organizations', {
  id: idColumn(),
  name: text('name').notNull(),
  /** Host name the clinic is served on, without port; the brand is resolved from it. */
  domain: varchar('domain', { length: 255 }).notNull().unique(),
  /** Public base URL of the clinic's portal; e-mailed links are built from it, never from a request. */
  appUrl: text('app_url').notNull(),
  settings: jsonb('settings').$type<OrganizationSettings>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const policySections = ['consent', 'privacy', 'tos'] as const;
export type PolicySection = (typeof policySections)[number];

export const organizationPolicies = pgTable(
  'organization_policies',
  {
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    section: varchar('section', { length: 16 }).$type<PolicySection>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.section] })],
);

export const states = pgTable(
  'states',
  {
    id: idColumn(),
    name: text('name').notNull(),
    abbreviation: varchar('abbreviation', { length: 2 }).notNull().unique(),
    syncRequired: boolean('sync_required').notNull().default(false),
  },
  (t) => [index('states_name_idx').on(t.name)],
);
