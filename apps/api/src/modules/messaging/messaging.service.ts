import { createHash } from 'node:crypto';
import { mediaUrl } from '@portal/domain/contracts/media';
import {
  type AssignBody,
  type Conversation,
  type ConversationQuery,
  careInboxChannel,
  conversationChannel,
  INBOX_CHANGED_EVENT,
  type InboxConversation,
  type InboxPage,
  type InboxQuery,
  MESSAGE_EVENT,
  MESSAGES_PAGE_SIZE,
  type Message,
  type QuickReply,
  READ_EVENT,
  type ReadState,
  TYPING_EVENT,
  type TypingEvent,
} from '@portal/domain/contracts/messaging';
import { type MessageBlock, plainTextOfBlocks } from '@portal/domain/messaging/blocks';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import type { MessageAttachment } from '../../db/schema/messaging';
import type { UserRole } from '../../db/schema/users';
import { type Auth, isStaff } from '../../platform/auth/access';
import { Errors } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { MAX_EVENT_BYTES } from '../../platform/realtime/pusher-signature';
import type { Realtime } from '../../platform/realtime/realtime';
import type { StorageAdapter } from '../../platform/storage';
import type { Notifier } from '../notifications/notifier';
import { type CleanAttachment, kindOfMime } from './attachments';
import type { ConversationRow, MessageRow, MessagingRepository, PageBefore } from './messaging.repository';

/** The queue of the one reminder (e-mail or text) of a patient's unread stretch. */
export const MESSAGE_REMINDER_QUEUE = 'message-reminder';
/** Minutes a patient has to read a message from the team before it reaches them by e-mail or text. */
export const DEFAULT_REMINDER_DELAY_MINUTES = 30;
/** What the portal's notification says: never the message itself. */
export const NEW_MESSAGE_NOTICE = 'You have a new message from your care team.';

const ID = /^[0-9a-f]{24}$/i;
const PREVIEW_CHARS = 140;

/** How the team signs their messages: a physician as Dr., the rest by name. */
export function displayName(p: { firstName: string; lastName: string; role: UserRole | null }): string {
  const name = `${p.firstName} ${p.lastName}`.trim();
  return p.role === 'physician' ? `Dr. ${name}` : name;
}

export function toMessage(row: MessageRow): Message {
  const files = row.attachments.map((a) => ({
    _id: a.media_id,
    url: mediaUrl(a.media_id),
    name: a.name,
    mime_type: a.mime_type,
    byte_size: a.byte_size,
    kind: kindOfMime(a.mime_type),
  }));
  return {
    _id: row.id,
    conversation_id: row.conversationId,
    created_at: row.createdAt.toISOString(),
    message_style: row.messageStyle === 2 ? 2 : 1,
    author: {
      _id: row.authorId,
      is_admin: row.authorRole !== 'patient',
      display_name: displayName({
        firstName: row.authorFirstName,
        lastName: row.authorLastName,
        role: row.authorRole,
      }),
      first_name: row.authorFirstName,
      avatar: { square_25: row.authorImage?.profile?.profile_url ?? null },
    },
    sender: row.authorId,
    blocks: row.blocks,
    attachments: files.map((f) => f.url),
    files,
    has_file: row.hasFile,
    internal_message: row.internal,
  };
}

const assignedTo = (row: ConversationRow) =>
  row.assignedToId && row.assigneeFirstName !== null
    ? {
        _id: row.assignedToId,
        display_name: displayName({
          firstName: row.assigneeFirstName,
          lastName: row.assigneeLastName ?? '',
          role: row.assigneeRole,
        }),
      }
    : null;

function toConversation(row: ConversationRow, page: { rows: MessageRow[]; hasMore: boolean }): Conversation {
  return {
    _id: row.id,
    patient: row.patientId,
    organization: row.organizationId,
    patient_read: row.patientRead,
    medical_team_read: row.medicalTeamRead,
    patient_sender: { first_name: row.patientFirstName, last_name: row.patientLastName },
    last_message_at: row.lastMessageAt?.toISOString() ?? null,
    assigned_to: assignedTo(row),
    messages: page.rows.map(toMessage),
    has_more: page.hasMore,
  };
}

/**
 * lastId of the documents, read both ways they allow: the oldest loaded message's id, or its created_at (an
 * ISO date or milliseconds since 1970).
 */
export function pageBefore(lastId: string | undefined): PageBefore | undefined {
  if (lastId === undefined || lastId === '') return undefined;
  if (ID.test(lastId)) return { id: lastId.toLowerCase() };
  const at = /^\d{1,15}$/.test(lastId) ? new Date(Number(lastId)) : new Date(lastId);
  if (Number.isNaN(at.getTime()) || !/\d{4}-\d{2}-\d{2}|^\d+$/.test(lastId)) {
    throw Errors.badRequest('lastId must be the id or the created_at of the oldest loaded message.');
  }
  return { at };
}

/** The event of a new message: the message itself when it fits Pusher's 10 KB, else only its ids. */
export function messageEventPayload(message: Message): unknown {
  const full = JSON.stringify(message);
  if (Buffer.byteLength(full) <= MAX_EVENT_BYTES - 256) return message;
  return { _id: message._id, conversation_id: message.conversation_id, partial: true };
}

export type SendInput = {
  text?: string | undefined;
  blocks?: MessageBlock[] | undefined;
  messageStyle?: 1 | 2 | undefined;
  internal?: boolean | undefined;
  mediaIds?: readonly string[] | undefined;
  file?: CleanAttachment | undefined;
  socketId?: string | undefined;
};

type Deps = {
  db: Db;
  repo: MessagingRepository;
  storage: StorageAdapter;
  realtime: Realtime;
  notifier: Notifier;
  jobs: JobQueue;
  now: () => Date;
  /** The clinic's delay before an unread message reaches the patient by e-mail or text. */
  reminderDelayMinutes: (organizationId: string) => Promise<number>;
};

/** The chat between a patient and their clinic's care team (001 §2–§9, issue 13). */
export function createMessagingService(deps: Deps) {
  const { repo, realtime } = deps;
  /** When each sender last told a conversation they were typing: at most one event a second each. */
  const lastTyping = new Map<string, number>();

  /** The conversation at this path: the patient's own, in the caller's organization (else 404, alike). */
  async function conversationAt(auth: Auth, patientId: string, conversationId: string) {
    const row = await repo.find(conversationId);
    if (!row || row.patientId !== patientId || row.organizationId !== auth.organizationId) {
      throw Errors.notFound('The conversation');
    }
    return row;
  }

  function inboxChanged(organizationId: string, conversationId: string) {
    realtime.trigger(careInboxChannel(organizationId), INBOX_CHANGED_EVENT, {
      conversation_id: conversationId,
    });
  }

  return {
    conversationAt,

    /** GET /v2/conversations/patient: a patient's conversation with their clinic (made on first use); none for staff. */
    async forPatient(auth: Auth): Promise<Conversation[]> {
      if (isStaff(auth.role)) return [];
      const row = await repo.ensureFor(auth.userId, auth.organizationId);
      const page = await repo.page(row.id, { limit: MESSAGES_PAGE_SIZE, includeInternal: false });
      return [toConversation(row, page)];
    },

    async read(
      auth: Auth,
      patientId: string,
      conversationId: string,
      query: ConversationQuery,
    ): Promise<Conversation> {
      const row = await conversationAt(auth, patientId, conversationId);
      const before = pageBefore(query.lastId);
      if (before && 'id' in before && !(await repo.hasMessage(row.id, before.id))) {
        throw Errors.badRequest('lastId is not a message of this conversation.');
      }
      const page = await repo.page(row.id, {
        before,
        limit: query.limit ?? MESSAGES_PAGE_SIZE,
        includeInternal: isStaff(auth.role) && query.internal_message === 'true',
      });
      return toConversation(row, page);
    },

    async send(auth: Auth, patientId: string, conversationId: string, input: SendInput): Promise<Message> {
      const row = await conversationAt(auth, patientId, conversationId);
      const staff = isStaff(auth.role);
      if (!staff && (input.blocks?.length || input.messageStyle === 2 || input.internal)) {
        throw Errors.badRequest('A patient sends text and files only.');
      }
      const text = input.text?.trim() ?? '';
      const blocks: MessageBlock[] = [
        ...(text ? [{ type: 'paragraph' as const, text }] : []),
        ...(input.blocks ?? []),
      ];
      const attachments: MessageAttachment[] = [];
      if (input.mediaIds?.length) {
        const ids = [...new Set(input.mediaIds.map((id) => id.toLowerCase()))];
        const taken = await repo.claimFiles(ids, auth.userId, auth.organizationId, patientId);
        if (taken.length !== ids.length) {
          throw Errors.badRequest('A file to attach was not found: please attach it again.');
        }
        for (const file of taken) {
          attachments.push({
            media_id: file.id,
            name: file.originalName ?? 'file',
            mime_type: file.mimeType,
            byte_size: file.byteSize,
          });
        }
      }
      if (input.file) {
        const stored = await storeFile(input.file, patientId, auth.organizationId);
        attachments.push(stored);
      }
      if (blocks.length === 0 && attachments.length === 0) {
        throw Errors.badRequest('Write a message or attach a file to send.', 'MessageEmpty');
      }
      const internal = staff && Boolean(input.internal);
      const saved = await repo.insert({
        conversationId: row.id,
        authorId: auth.userId,
        byPatient: !staff,
        messageStyle: staff && input.messageStyle === 2 ? 2 : 1,
        blocks,
        attachments,
        internal,
        at: deps.now(),
      });
      const message = toMessage(saved);
      if (!internal) {
        realtime.trigger(
          conversationChannel(row.id),
          MESSAGE_EVENT,
          messageEventPayload(message),
          input.socketId,
        );
      }
      inboxChanged(row.organizationId, row.id);
      if (staff && !internal) await tellPatient(row);
      return message;
    },

    /** PUT .../patient/read: the caller's side has read the conversation. */
    async markRead(
      auth: Auth,
      patientId: string,
      conversationId: string,
      socketId?: string | null,
    ): Promise<ReadState> {
      const row = await conversationAt(auth, patientId, conversationId);
      const side = auth.userId === row.patientId ? 'patient' : 'team';
      const state = await repo.markRead(row.id, side);
      if (!state) throw Errors.notFound('The conversation');
      const answer = {
        _id: state.id,
        patient_read: state.patientRead,
        medical_team_read: state.medicalTeamRead,
      };
      realtime.trigger(conversationChannel(row.id), READ_EVENT, answer, socketId ?? undefined);
      if (side === 'team') inboxChanged(row.organizationId, row.id);
      return answer;
    },

    /** POST .../typing: tells the other side someone is writing (at most once a second per sender). */
    async typing(
      auth: Auth,
      patientId: string,
      conversationId: string,
      sender: { firstName: string; lastName: string; role: UserRole },
      socketId?: string | null,
    ): Promise<{ sent: boolean }> {
      const row = await conversationAt(auth, patientId, conversationId);
      const key = `${row.id}:${auth.userId}`;
      const at = Date.now();
      if ((lastTyping.get(key) ?? 0) > at - 1000) return { sent: false };
      lastTyping.set(key, at);
      if (lastTyping.size > 10_000) lastTyping.clear();
      const event: TypingEvent = {
        conversation_id: row.id,
        sender_id: auth.userId,
        display_name: displayName(sender),
        is_admin: isStaff(auth.role),
      };
      realtime.trigger(conversationChannel(row.id), TYPING_EVENT, event, socketId ?? undefined);
      return { sent: true };
    },

    /** POST /v2/media: a file for a message, owned by its sender until it is sent. */
    async upload(auth: Auth, file: CleanAttachment) {
      const stored = await storeFile(file, auth.userId, auth.organizationId);
      return {
        _id: stored.media_id,
        url: mediaUrl(stored.media_id),
        name: stored.name,
        mime_type: stored.mime_type,
        byte_size: stored.byte_size,
        kind: file.kind,
      };
    },

    async inbox(auth: Auth, query: InboxQuery): Promise<InboxPage> {
      const offset = query.cursor ? decodeOffset(query.cursor) : 0;
      const [page, unread] = await Promise.all([
        repo.inbox({
          organizationId: auth.organizationId,
          filter: query.filter,
          staffId: auth.userId,
          offset,
          limit: query.limit,
        }),
        repo.unreadCount(auth.organizationId),
      ]);
      return {
        docs: page.rows.map((row) => toInboxConversation(row, row.preview)),
        next_cursor: page.hasMore ? encodeOffset(offset + query.limit) : null,
        unread,
      };
    },

    async assign(auth: Auth, conversationId: string, body: AssignBody): Promise<InboxConversation> {
      const row = await repo.find(conversationId);
      if (!row || row.organizationId !== auth.organizationId) throw Errors.notFound('The conversation');
      if (body.staff_id && !(await repo.staffMember(auth.organizationId, body.staff_id))) {
        throw Errors.badRequest('staff_id: not an active member of the care team.');
      }
      await repo.assign(row.id, body.staff_id);
      inboxChanged(row.organizationId, row.id);
      const after = (await repo.find(row.id))!;
      const page = await repo.page(row.id, { limit: 1, includeInternal: false });
      return toInboxConversation(after, page.rows[0]?.blocks ?? null);
    },

    async quickReplies(auth: Auth): Promise<QuickReply[]> {
      return (await repo.quickReplies(auth.organizationId)).map(toQuickReply);
    },

    async addQuickReply(auth: Auth, title: string, text: string): Promise<QuickReply> {
      return toQuickReply(await repo.addQuickReply(auth.organizationId, auth.userId, title, text));
    },

    async removeQuickReply(auth: Auth, id: string): Promise<{ deleted: true }> {
      if (!(await repo.removeQuickReply(auth.organizationId, id))) throw Errors.notFound('The quick reply');
      return { deleted: true };
    },

    /**
     * The reminder job: when the patient has still not read the team's messages of this unread stretch, one
     * e-mail or text by their notification preferences (the neutral notice: no message text, no health detail).
     */
    async remind(data: { conversationId: string; since: string }): Promise<void> {
      const state = await repo.reminderState(data.conversationId);
      if (!state || state.patientRead || state.patientUnreadSince?.toISOString() !== data.since) return;
      deps.notifier.deliver(state.patientId, { category: 'message' });
      await deps.notifier.settled();
    },
  };

  async function storeFile(
    file: CleanAttachment,
    ownerId: string,
    organizationId: string,
  ): Promise<MessageAttachment> {
    const id = newId();
    const { key } = await deps.storage.put(file.bytes, { contentType: file.mimeType });
    try {
      await repo.insertFile({
        id,
        ownerId,
        organizationId,
        mimeType: file.mimeType,
        byteSize: file.bytes.length,
        storageKey: key,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        originalName: file.name,
      });
    } catch (error) {
      await deps.storage.delete(key).catch(() => {});
      throw error;
    }
    return { media_id: id, name: file.name, mime_type: file.mimeType, byte_size: file.bytes.length };
  }

  /** The team wrote: a notification in the portal now, and one reminder later if it stays unread. */
  async function tellPatient(row: ConversationRow) {
    await deps.notifier.store(deps.db, row.patientId, row.organizationId, {
      category: 'message',
      message: NEW_MESSAGE_NOTICE,
    });
    const after = await repo.reminderState(row.id);
    if (!after?.patientUnreadSince || after.patientRead) return;
    const delay = await deps.reminderDelayMinutes(row.organizationId);
    await deps.jobs.send(
      MESSAGE_REMINDER_QUEUE,
      {
        conversationId: row.id,
        organizationId: row.organizationId,
        since: after.patientUnreadSince.toISOString(),
      },
      {
        singletonKey: `${row.id}:${after.patientUnreadSince.getTime()}`,
        startAfter: delay * 60,
        retryLimit: 3,
      },
    );
  }
}

function toInboxConversation(row: ConversationRow, preview: MessageBlock[] | null): InboxConversation {
  const text = preview ? plainTextOfBlocks(preview).replace(/\s+/g, ' ').trim() : '';
  return {
    _id: row.id,
    patient: { _id: row.patientId, first_name: row.patientFirstName, last_name: row.patientLastName },
    patient_read: row.patientRead,
    medical_team_read: row.medicalTeamRead,
    last_message_at: row.lastMessageAt?.toISOString() ?? null,
    waiting_since: row.waitingSince?.toISOString() ?? null,
    preview: text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text,
    assigned_to: assignedTo(row),
  };
}

const toQuickReply = (r: { id: string; title: string; text: string; createdAt: Date }): QuickReply => ({
  _id: r.id,
  title: r.title,
  text: r.text,
  created_at: r.createdAt.toISOString(),
});

const encodeOffset = (offset: number) => Buffer.from(`o${offset}`).toString('base64url');
function decodeOffset(cursor: string): number {
  const raw = Buffer.from(cursor, 'base64url').toString();
  const offset = /^o(\d{1,7})$/.exec(raw)?.[1];
  if (offset === undefined) throw Errors.badRequest('The cursor is not valid.');
  return Number(offset);
}

export type MessagingService = ReturnType<typeof createMessagingService>;
