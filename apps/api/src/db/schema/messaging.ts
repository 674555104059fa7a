import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ref, updatedAt } from './columns';
import { organizations } from './organizations';
import { users } from './users';

/** The thread between a patient and the clinic's medical team. */
export const conversations = pgTable(
  'conversations',
  {
    id: idColumn(),
    patientId: ref('patient_id')
      .notNull()
      .references(() => users.id),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    patientRead: boolean('patient_read').notNull().default(true),
    medicalTeamRead: boolean('medical_team_read').notNull().default(true),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('conversations_patient_id_idx').on(t.patientId),
    index('conversations_organization_id_last_message_at_idx').on(t.organizationId, t.lastMessageAt.desc()),
  ],
);

export type MessageBlock =
  | { type: 'paragraph'; text: string }
  | { type: 'image'; url: string; text?: string }
  | { type: 'youtube'; youtube_id: string; text?: string }
  | {
      type: 'list';
      items_type: 'ordered' | 'unordered';
      list_items: { bold_text?: string; text: string }[];
    }
  | { type: 'action'; text: string; linkUrl: string };

/** A file attached to a message; the API turns media ids into URLs. */
export type MessageAttachment = { media_id: string; name: string; mime_type: string; byte_size: number };

export const messageStyles = { chat: 1, announcement: 2 } as const;

export const messages = pgTable(
  'messages',
  {
    id: idColumn(),
    conversationId: ref('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    authorId: ref('author_id')
      .notNull()
      .references(() => users.id),
    /** 1 chat, 2 announcement. */
    messageStyle: smallint('message_style').notNull().default(1),
    blocks: jsonb('blocks').$type<MessageBlock[]>().notNull().default([]),
    attachments: jsonb('attachments').$type<MessageAttachment[]>().notNull().default([]),
    hasFile: boolean('has_file').notNull().default(false),
    /** A note among staff, never shown to the patient. */
    internal: boolean('internal').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_id_created_at_idx').on(t.conversationId, t.createdAt),
    index('messages_author_id_idx').on(t.authorId),
    check('messages_message_style_check', sql`${t.messageStyle} in (1, 2)`),
  ],
);
