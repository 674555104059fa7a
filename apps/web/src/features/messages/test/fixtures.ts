import type { Conversation, Message, MessageAuthor } from '@portal/domain/contracts/messaging';
import { ORG_ID, USER_ID } from '../../../test/helpers';

export const CONVERSATION_ID = 'c0c0c0c0c0c0c0c0c0c0c0c0';
export const STAFF_ID = 'a1a1a1a1a1a1a1a1a1a1a1a1';

/** The path of the conversation's calls. */
export const CONVERSATION_PATH = `/conversations/${ORG_ID}/patient/${USER_ID}/conversation/${CONVERSATION_ID}`;

export const patientAuthor: MessageAuthor = {
  _id: USER_ID,
  is_admin: false,
  display_name: 'Jane Doe',
  first_name: 'Jane',
  avatar: { square_25: null },
};

export const teamAuthor: MessageAuthor = {
  _id: STAFF_ID,
  is_admin: true,
  display_name: 'Dr. Ada Lovelace',
  first_name: 'Ada',
  avatar: { square_25: null },
};

let sequence = 0;

/** A 24-character hex id that grows with each call (ids grow with time). */
export function nextId(): string {
  sequence += 1;
  return sequence.toString(16).padStart(24, '0');
}

/** A chat message; `minute` orders messages (minutes after 9:00 UTC on 10 June 2026). */
export function message(over: Partial<Message> & { minute?: number; text?: string } = {}): Message {
  const { minute = 0, text = 'Hello', ...rest } = over;
  const author = rest.author ?? teamAuthor;
  return {
    _id: nextId(),
    conversation_id: CONVERSATION_ID,
    created_at: new Date(Date.UTC(2026, 5, 10, 9, minute)).toISOString(),
    message_style: 1,
    author,
    sender: author._id,
    blocks: [{ type: 'paragraph', text }],
    attachments: [],
    files: [],
    has_file: false,
    internal_message: false,
    ...rest,
  };
}

export const mine = (over: Parameters<typeof message>[0] = {}) => message({ author: patientAuthor, ...over });

export function conversation(over: Partial<Conversation> = {}): Conversation {
  return {
    _id: CONVERSATION_ID,
    patient: USER_ID,
    organization: ORG_ID,
    patient_read: true,
    medical_team_read: false,
    patient_sender: { first_name: 'Jane', last_name: 'Doe' },
    last_message_at: null,
    assigned_to: null,
    messages: [],
    has_more: false,
    ...over,
  };
}
