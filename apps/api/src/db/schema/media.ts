import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ref } from './columns';
import { organizations } from './organizations';
import { users } from './users';

export const mediaKinds = [
  'id_image',
  'profile_image',
  'message_attachment',
  'lab_results',
  'lab_requisition',
  'invoice',
] as const;
export type MediaKind = (typeof mediaKinds)[number];

/** A stored file; the bytes live in storage under storage_key, never in the database. */
export const media = pgTable(
  'media',
  {
    id: idColumn(),
    ownerId: ref('owner_id')
      .notNull()
      .references(() => users.id),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    kind: varchar('kind', { length: 24 }).$type<MediaKind>().notNull(),
    mimeType: varchar('mime_type', { length: 127 }).notNull(),
    byteSize: integer('byte_size').notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    originalName: text('original_name'),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('media_storage_key_idx').on(t.storageKey),
    index('media_owner_id_kind_created_at_idx').on(t.ownerId, t.kind, t.createdAt),
    index('media_organization_id_idx').on(t.organizationId),
    index('media_sha256_idx').on(t.sha256),
    check('media_byte_size_check', sql`${t.byteSize} >= 0`),
  ],
);
