import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
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
    /** The patient's oldest message since the team last wrote: how long they wait for an answer; null when answered. */
    waitingSince: timestamp('waiting_since', { withTimezone: true, mode: 'date' }),
    /**
     * Since when the patient has an unread message from the team (null once read): the one reminder by e-mail
     * or text of an unread stretch is keyed on it.
     */
    patientUnreadSince: timestamp('patient_unread_since', { withTimezone: true, mode: 'date' }),
    /** The staff member who looks after this conversation. */
    assignedToId: ref('assigned_to_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // one conversation per patient with their clinic: created on first use, never twice
    uniqueIndex('conversations_patient_id_key').on(t.patientId),
    index('conversations_organization_id_last_message_at_idx').on(t.organizationId, t.lastMessageAt.desc()),
    // the inbox: unread first, then the longest waiting
    index('conversations_inbox_idx').on(t.organizationId, t.medicalTeamRead, t.waitingSince, t.lastMessageAt),
    index('conversations_assigned_to_id_idx').on(t.assignedToId),
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
    // a page of a conversation: newest first, walked back by (created_at, id) of the oldest loaded
    index('messages_conversation_id_created_at_id_idx').on(t.conversationId, t.createdAt, t.id),
    index('messages_author_id_idx').on(t.authorId),
    check('messages_message_style_check', sql`${t.messageStyle} in (1, 2)`),
  ],
);

/** Replies the clinic keeps for the care team to insert in a message. */
export const quickReplies = pgTable(
  'quick_replies',
  {
    id: idColumn(),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    title: varchar('title', { length: 60 }).notNull(),
    text: text('text').notNull(),
    createdById: ref('created_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('quick_replies_organization_id_created_at_idx').on(t.organizationId, t.createdAt)],
);
