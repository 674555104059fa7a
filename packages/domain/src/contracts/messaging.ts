import { z } from 'zod';
import { MessageBlock } from '../messaging/blocks';
import { Id } from './common';

/** Longest text a message may carry (characters); a paragraph block holds at most this too. */
export const MESSAGE_TEXT_MAX = 10_000;
/** Files one message may carry. */
export const MESSAGE_FILES_MAX = 5;
/** Messages of a conversation's page, unless the caller asks for fewer. */
export const MESSAGES_PAGE_SIZE = 30;
export const MESSAGES_PAGE_MAX = 100;

/** 1 chat, 2 announcement (001 §3). */
export const MessageStyle = z.union([z.literal(1), z.literal(2)]);

/** Who wrote a message (001 §3): the care team (is_admin) on the left with name and avatar, the patient as 'You'. */
export const MessageAuthor = z.object({
  _id: Id,
  is_admin: z.boolean(),
  display_name: z.string(),
  first_name: z.string(),
  avatar: z.object({ square_25: z.string().nullable() }),
});
export type MessageAuthor = z.infer<typeof MessageAuthor>;

/** mediaType of the send call (001 §7): an image is shown in the bubble, a document is a link. */
export const AttachmentKind = z.enum(['private-image', 'document']);
export type AttachmentKind = z.infer<typeof AttachmentKind>;

/** A file of a message, served only to the patient and their clinic's staff (GET /v2/media/{id}). */
export const MessageFile = z.object({
  _id: Id,
  url: z.string(),
  name: z.string(),
  mime_type: z.string(),
  byte_size: z.number().int(),
  kind: AttachmentKind,
});
export type MessageFile = z.infer<typeof MessageFile>;

/** One message (001 §3): `attachments` is the URL list the documents name, `files` the same files described. */
export const Message = z.object({
  _id: Id,
  conversation_id: Id,
  created_at: z.string(),
  message_style: MessageStyle,
  author: MessageAuthor,
  sender: Id,
  blocks: z.array(MessageBlock),
  attachments: z.array(z.string()),
  files: z.array(MessageFile),
  has_file: z.boolean(),
  /** A note among the care team, never shown to the patient. */
  internal_message: z.boolean(),
});
export type Message = z.infer<typeof Message>;

export const StaffRef = z.object({ _id: Id, display_name: z.string() });
export type StaffRef = z.infer<typeof StaffRef>;

/**
 * A conversation (001 §3) with one page of its messages, oldest first; `has_more` says older ones remain
 * (asked with lastId, the oldest loaded message).
 */
export const Conversation = z.object({
  _id: Id,
  patient: Id,
  organization: Id,
  patient_read: z.boolean(),
  medical_team_read: z.boolean(),
  patient_sender: z.object({ first_name: z.string(), last_name: z.string() }),
  last_message_at: z.string().nullable(),
  assigned_to: StaffRef.nullable(),
  messages: z.array(Message),
  has_more: z.boolean(),
});
export type Conversation = z.infer<typeof Conversation>;

/** GET /v2/conversations/patient: the caller's conversations with the care team (one per clinic). */
export const PatientConversations = z.array(Conversation);
export type PatientConversations = z.infer<typeof PatientConversations>;

const flag = z.enum(['true', 'false']);

/**
 * GET /conversations/{org}/patient/{id}/conversation/{cid} (001 §7): the newest page, or with lastId the page
 * before the oldest loaded message. lastId is read both ways the documents allow: that message's id, or its
 * created_at (an ISO date or milliseconds). internal_message=true adds the care team's notes (staff only).
 */
export const ConversationQuery = z
  .object({
    lastId: z
      .string()
      .max(40)
      .regex(/^[0-9A-Za-z:.+-]+$/, 'lastId must be a message id or a date.')
      .optional(),
    internal_message: flag.optional(),
    limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).optional(),
  })
  .strict();
export type ConversationQuery = z.infer<typeof ConversationQuery>;

const MessageText = z
  .string()
  .max(MESSAGE_TEXT_MAX, `A message holds at most ${MESSAGE_TEXT_MAX} characters.`);

/**
 * PUT /conversations/{org}/patient/{id}/conversation/{cid} as JSON: text (or message), or files uploaded
 * before through POST /v2/media (media). The care team may also send blocks, an announcement
 * (message_style 2) or an internal note; a patient's message is always plain chat.
 */
export const SendMessageBody = z
  .object({
    text: MessageText.optional(),
    message: MessageText.optional(),
    blocks: z.array(MessageBlock).max(50).optional(),
    message_style: MessageStyle.optional(),
    internal_message: z.boolean().optional(),
    media: z.array(Id).max(MESSAGE_FILES_MAX).optional(),
    client_id: Id.optional(),
    mediaType: AttachmentKind.optional(),
    /** The sender's socket, which the event skips (it already shows the message). */
    socket_id: z.string().max(45).optional(),
  })
  .strict();
export type SendMessageBody = z.infer<typeof SendMessageBody>;

/** PUT .../patient/read (001 §7): marks the conversation read for the caller's side. */
export const MarkReadBody = z
  .object({
    patient_id: Id.optional(),
    conversation_id: Id.optional(),
    socket_id: z.string().max(45).nullish(),
    sender_id: Id.nullish(),
  })
  .strict();
export type MarkReadBody = z.infer<typeof MarkReadBody>;

export const ReadState = z.object({
  _id: Id,
  patient_read: z.boolean(),
  medical_team_read: z.boolean(),
});
export type ReadState = z.infer<typeof ReadState>;

/** POST .../conversation/{cid}/typing (001 §7): socketId as the documents write it, or socket_id. */
export const TypingBody = z
  .object({
    patient_id: Id.optional(),
    conversation_id: Id.optional(),
    socketId: z.string().max(45).nullish(),
    socket_id: z.string().max(45).nullish(),
    sender_id: Id.nullish(),
  })
  .strict();
export type TypingBody = z.infer<typeof TypingBody>;

/** POST /v2/media (002 §7.8): a file for a message, checked by its content. */
export const UploadedMedia = MessageFile;
export type UploadedMedia = MessageFile;

// Real-time (decision 032): the channels and events live apart from the schemas, so a screen that only
// listens loads no schema.
export {
  careInboxChannel,
  conversationChannel,
  INBOX_CHANGED_EVENT,
  MESSAGE_EVENT,
  organizationPresenceChannel,
  READ_EVENT,
  TYPING_EVENT,
} from '../messaging/channels';

/**
 * A message event carries the message when it fits Pusher's 10 KB, else only its ids (the client reads the
 * page again). Either way the database is the source of truth: clients merge by _id.
 */
export const MessageEvent = z.union([
  Message,
  z.object({ _id: Id, conversation_id: Id, partial: z.literal(true) }),
]);
export type MessageEvent = z.infer<typeof MessageEvent>;

export const TypingEvent = z.object({
  conversation_id: Id,
  sender_id: Id,
  display_name: z.string(),
  is_admin: z.boolean(),
});
export type TypingEvent = z.infer<typeof TypingEvent>;

// The care team's inbox (issue 13 §4).

export const InboxFilter = z.enum(['all', 'unread', 'mine', 'unassigned']);
export type InboxFilter = z.infer<typeof InboxFilter>;

export const InboxQuery = z
  .object({
    filter: InboxFilter.default('all'),
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, 'The cursor is not valid.')
      .optional(),
    limit: z.coerce.number().int().min(1).max(100).default(30),
  })
  .strict();
export type InboxQuery = z.infer<typeof InboxQuery>;

export const InboxConversation = z.object({
  _id: Id,
  patient: z.object({ _id: Id, first_name: z.string(), last_name: z.string() }),
  patient_read: z.boolean(),
  medical_team_read: z.boolean(),
  last_message_at: z.string().nullable(),
  /** Since when the patient waits for an answer: their oldest message after the team's last one; null when answered. */
  waiting_since: z.string().nullable(),
  /** The last message's text, shortened. */
  preview: z.string(),
  assigned_to: StaffRef.nullable(),
});
export type InboxConversation = z.infer<typeof InboxConversation>;

/** Unread first, then the longest waiting; `unread` counts the clinic's unread conversations. */
export const InboxPage = z.object({
  docs: z.array(InboxConversation),
  next_cursor: z.string().nullable(),
  unread: z.number().int(),
});
export type InboxPage = z.infer<typeof InboxPage>;

export const AssignBody = z.object({ staff_id: Id.nullable() }).strict();
export type AssignBody = z.infer<typeof AssignBody>;

export const QuickReply = z.object({ _id: Id, title: z.string(), text: z.string(), created_at: z.string() });
export type QuickReply = z.infer<typeof QuickReply>;
export const QuickReplies = z.array(QuickReply);
export const QuickReplyBody = z
  .object({
    title: z.string().trim().min(1, 'Give the reply a title.').max(60),
    text: z.string().trim().min(1, 'Write the reply.').max(2000),
  })
  .strict();
export type QuickReplyBody = z.infer<typeof QuickReplyBody>;
