import type { MessageBlock } from '@portal/domain/messaging/blocks';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { media } from '../../db/schema/media';
import { conversations, type MessageAttachment, messages, quickReplies } from '../../db/schema/messaging';
import { type UserRole, users } from '../../db/schema/users';

const ID = /^[0-9a-f]{24}$/i;
const assignee = alias(users, 'assignee');

const conversationColumns = {
  id: conversations.id,
  patientId: conversations.patientId,
  organizationId: conversations.organizationId,
  patientRead: conversations.patientRead,
  medicalTeamRead: conversations.medicalTeamRead,
  lastMessageAt: conversations.lastMessageAt,
  waitingSince: conversations.waitingSince,
  patientUnreadSince: conversations.patientUnreadSince,
  patientFirstName: users.firstName,
  patientLastName: users.lastName,
  assignedToId: conversations.assignedToId,
  assigneeFirstName: assignee.firstName,
  assigneeLastName: assignee.lastName,
  assigneeRole: assignee.role,
};

export type ConversationRow = {
  id: string;
  patientId: string;
  organizationId: string;
  patientRead: boolean;
  medicalTeamRead: boolean;
  lastMessageAt: Date | null;
  waitingSince: Date | null;
  patientUnreadSince: Date | null;
  patientFirstName: string;
  patientLastName: string;
  assignedToId: string | null;
  assigneeFirstName: string | null;
  assigneeLastName: string | null;
  assigneeRole: UserRole | null;
};

export type MessageRow = {
  id: string;
  conversationId: string;
  createdAt: Date;
  messageStyle: number;
  blocks: MessageBlock[];
  attachments: MessageAttachment[];
  hasFile: boolean;
  internal: boolean;
  authorId: string;
  authorFirstName: string;
  authorLastName: string;
  authorRole: UserRole;
  authorImage: { profile?: { profile_url?: string } } | null;
};

const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  createdAt: messages.createdAt,
  messageStyle: messages.messageStyle,
  blocks: messages.blocks,
  attachments: messages.attachments,
  hasFile: messages.hasFile,
  internal: messages.internal,
  authorId: messages.authorId,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorRole: users.role,
  authorImage: users.image,
};

/** Where a page of messages ends: right before a message (by id), or before an instant. */
export type PageBefore = { id: string } | { at: Date };

export type NewMessage = {
  conversationId: string;
  authorId: string;
  /** The patient wrote it (else the care team). */
  byPatient: boolean;
  messageStyle: 1 | 2;
  blocks: MessageBlock[];
  attachments: MessageAttachment[];
  internal: boolean;
  at: Date;
};

export type InboxRow = ConversationRow & { preview: MessageBlock[] | null };
export type InboxFilterSpec = {
  organizationId: string;
  filter: 'all' | 'unread' | 'mine' | 'unassigned';
  staffId: string;
  offset: number;
  limit: number;
};

export function createMessagingRepository(db: Db) {
  const selectConversation = (tx: Db = db) =>
    tx
      .select(conversationColumns)
      .from(conversations)
      .innerJoin(users, eq(users.id, conversations.patientId))
      .leftJoin(assignee, eq(assignee.id, conversations.assignedToId));

  return {
    async ownerOf(id: string): Promise<{ userId: string; organizationId: string } | undefined> {
      if (!ID.test(id)) return undefined;
      const [row] = await db
        .select({ userId: conversations.patientId, organizationId: conversations.organizationId })
        .from(conversations)
        .where(eq(conversations.id, id))
        .limit(1);
      return row;
    },

    async find(id: string): Promise<ConversationRow | undefined> {
      if (!ID.test(id)) return undefined;
      const [row] = await selectConversation().where(eq(conversations.id, id)).limit(1);
      return row;
    },

    /** The patient's conversation with their clinic, made on first use (one per patient, however many ask at once). */
    async ensureFor(patientId: string, organizationId: string): Promise<ConversationRow> {
      const [existing] = await selectConversation().where(eq(conversations.patientId, patientId)).limit(1);
      if (existing) return existing;
      await db
        .insert(conversations)
        .values({ id: newId(), patientId, organizationId, patientRead: true, medicalTeamRead: true })
        .onConflictDoNothing({ target: conversations.patientId });
      const [row] = await selectConversation().where(eq(conversations.patientId, patientId)).limit(1);
      if (!row) throw new Error('messaging: the conversation could not be made');
      return row;
    },

    /**
     * One page of a conversation, newest first, read along (conversation_id, created_at, id); one row beyond
     * the page tells whether older ones remain.
     */
    async page(
      conversationId: string,
      opts: { before?: PageBefore | undefined; limit: number; includeInternal: boolean },
    ): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
      const conditions: SQL[] = [eq(messages.conversationId, conversationId)];
      if (!opts.includeInternal) conditions.push(sql`not ${messages.internal}`);
      const before = opts.before;
      if (before && 'id' in before) {
        conditions.push(
          sql`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id from ${messages} m
            where m.id = ${before.id} and m.conversation_id = ${conversationId})`,
        );
      } else if (before) {
        conditions.push(sql`${messages.createdAt} < ${before.at.toISOString()}`);
      }
      const rows = await db
        .select(messageColumns)
        .from(messages)
        .innerJoin(users, eq(users.id, messages.authorId))
        .where(and(...conditions))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(opts.limit + 1);
      const hasMore = rows.length > opts.limit;
      return { rows: rows.slice(0, opts.limit).reverse() as MessageRow[], hasMore };
    },

    /** Whether a message of this conversation has this id (a lastId that is not one answers 400). */
    async hasMessage(conversationId: string, messageId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)))
        .limit(1);
      return Boolean(row);
    },

    /**
     * Stores a message and moves the conversation's state with it, in one transaction: a patient's message
     * is unread for the team and starts (or continues) their wait; the team's message is unread for the
     * patient and ends the wait; a note among the team changes neither.
     */
    async insert(message: NewMessage): Promise<MessageRow> {
      const id = newId();
      await db.transaction(async (tx) => {
        // never before the conversation's last message, so a thread keeps the order it was written in even
        // when two messages share a millisecond or two servers' clocks differ slightly
        const [inserted] = await tx
          .insert(messages)
          .values({
            id,
            conversationId: message.conversationId,
            authorId: message.authorId,
            messageStyle: message.messageStyle,
            blocks: message.blocks,
            attachments: message.attachments,
            hasFile: message.attachments.length > 0,
            internal: message.internal,
            createdAt: sql`greatest(${message.at.toISOString()}::timestamptz, (select max(m.created_at) + interval '1 millisecond'
            from ${messages} m where m.conversation_id = ${message.conversationId}))`,
          })
          .returning({ createdAt: messages.createdAt });
        if (message.internal) return;
        const at = inserted!.createdAt.toISOString();
        await tx
          .update(conversations)
          .set(
            message.byPatient
              ? {
                  lastMessageAt: inserted!.createdAt,
                  medicalTeamRead: false,
                  patientRead: true,
                  patientUnreadSince: null,
                  waitingSince: sql`coalesce(${conversations.waitingSince}, ${at}::timestamptz)`,
                }
              : {
                  lastMessageAt: inserted!.createdAt,
                  patientRead: false,
                  medicalTeamRead: true,
                  waitingSince: null,
                  patientUnreadSince: sql`coalesce(${conversations.patientUnreadSince}, ${at}::timestamptz)`,
                },
          )
          .where(eq(conversations.id, message.conversationId));
      });
      const [row] = await db
        .select(messageColumns)
        .from(messages)
        .innerJoin(users, eq(users.id, messages.authorId))
        .where(eq(messages.id, id))
        .limit(1);
      return row as MessageRow;
    },

    /** Marks the conversation read for one side; answers the new state. */
    async markRead(conversationId: string, side: 'patient' | 'team') {
      const [row] = await db
        .update(conversations)
        .set(side === 'patient' ? { patientRead: true, patientUnreadSince: null } : { medicalTeamRead: true })
        .where(eq(conversations.id, conversationId))
        .returning({
          id: conversations.id,
          patientRead: conversations.patientRead,
          medicalTeamRead: conversations.medicalTeamRead,
        });
      return row;
    },

    async person(userId: string) {
      const [row] = await db
        .select({ firstName: users.firstName, lastName: users.lastName, role: users.role })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    /** A staff member of the organization who may be assigned (active care team, physician or admin). */
    async staffMember(organizationId: string, staffId: string) {
      const [row] = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
        .from(users)
        .where(
          and(
            eq(users.id, staffId),
            eq(users.organizationId, organizationId),
            inArray(users.role, ['care_team', 'physician', 'admin']),
            isNull(users.deactivatedAt),
          ),
        )
        .limit(1);
      return row;
    },

    async assign(conversationId: string, staffId: string | null): Promise<void> {
      await db
        .update(conversations)
        .set({ assignedToId: staffId })
        .where(eq(conversations.id, conversationId));
    },

    /**
     * Files uploaded for a message by its sender, handed to the conversation's patient: from then on the
     * patient and their clinic's staff may read them, and nobody else. Answers the files it took; a file
     * another user uploaded, or one already sent, is not taken.
     */
    async claimFiles(ids: readonly string[], uploaderId: string, organizationId: string, patientId: string) {
      if (ids.length === 0) return [];
      return db
        .update(media)
        .set({ ownerId: patientId })
        .where(
          and(
            inArray(media.id, [...ids]),
            eq(media.organizationId, organizationId),
            eq(media.ownerId, uploaderId),
            eq(media.kind, 'message_attachment'),
            isNull(media.deletedAt),
          ),
        )
        .returning({
          id: media.id,
          mimeType: media.mimeType,
          byteSize: media.byteSize,
          originalName: media.originalName,
        });
    },

    async insertFile(row: {
      id: string;
      ownerId: string;
      organizationId: string;
      mimeType: string;
      byteSize: number;
      storageKey: string;
      sha256: string;
      originalName: string;
    }) {
      await db.insert(media).values({ ...row, kind: 'message_attachment' });
    },

    /**
     * The clinic's inbox: unread first, then the longest waiting, then the latest; only conversations with a
     * message. Read along (organization_id, medical_team_read, waiting_since, last_message_at).
     */
    async inbox(f: InboxFilterSpec): Promise<{ rows: InboxRow[]; hasMore: boolean }> {
      const conditions: SQL[] = [
        eq(conversations.organizationId, f.organizationId),
        sql`${conversations.lastMessageAt} is not null`,
      ];
      if (f.filter === 'unread') conditions.push(sql`not ${conversations.medicalTeamRead}`);
      if (f.filter === 'mine') conditions.push(eq(conversations.assignedToId, f.staffId));
      if (f.filter === 'unassigned') conditions.push(isNull(conversations.assignedToId));
      const rows = await db
        .select({
          ...conversationColumns,
          // the latest message the patient could read, for the row's preview (one index probe per row of the page)
          preview: sql<MessageBlock[] | null>`(select m.blocks from ${messages} m
            where m.conversation_id = ${conversations.id} and not m.internal
            order by m.created_at desc, m.id desc limit 1)`,
        })
        .from(conversations)
        .innerJoin(users, eq(users.id, conversations.patientId))
        .leftJoin(assignee, eq(assignee.id, conversations.assignedToId))
        .where(and(...conditions))
        .orderBy(
          asc(conversations.medicalTeamRead),
          sql`${conversations.waitingSince} asc nulls last`,
          desc(conversations.lastMessageAt),
          desc(conversations.id),
        )
        .limit(f.limit + 1)
        .offset(f.offset);
      return { rows: rows.slice(0, f.limit) as InboxRow[], hasMore: rows.length > f.limit };
    },

    async unreadCount(organizationId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(conversations)
        .where(
          and(
            eq(conversations.organizationId, organizationId),
            sql`not ${conversations.medicalTeamRead}`,
            sql`${conversations.lastMessageAt} is not null`,
          ),
        );
      return row?.n ?? 0;
    },

    async quickReplies(organizationId: string) {
      return db
        .select({
          id: quickReplies.id,
          title: quickReplies.title,
          text: quickReplies.text,
          createdAt: quickReplies.createdAt,
        })
        .from(quickReplies)
        .where(eq(quickReplies.organizationId, organizationId))
        .orderBy(asc(quickReplies.title), asc(quickReplies.createdAt))
        .limit(200);
    },

    async addQuickReply(organizationId: string, createdById: string, title: string, text: string) {
      const [row] = await db
        .insert(quickReplies)
        .values({ id: newId(), organizationId, createdById, title, text })
        .returning({
          id: quickReplies.id,
          title: quickReplies.title,
          text: quickReplies.text,
          createdAt: quickReplies.createdAt,
        });
      return row!;
    },

    async removeQuickReply(organizationId: string, id: string): Promise<boolean> {
      if (!ID.test(id)) return false;
      const rows = await db
        .delete(quickReplies)
        .where(and(eq(quickReplies.id, id), eq(quickReplies.organizationId, organizationId)))
        .returning({ id: quickReplies.id });
      return rows.length > 0;
    },

    /** What the unread-message reminder needs: the conversation's patient and whether the stretch still stands. */
    async reminderState(conversationId: string) {
      const [row] = await db
        .select({
          patientId: conversations.patientId,
          patientRead: conversations.patientRead,
          patientUnreadSince: conversations.patientUnreadSince,
        })
        .from(conversations)
        .where(eq(conversations.id, conversationId))
        .limit(1);
      return row;
    },
  };
}

export type MessagingRepository = ReturnType<typeof createMessagingRepository>;
