import type {
  Conversation,
  InboxConversation,
  InboxPage,
  Message,
  QuickReply,
} from '@portal/domain/contracts/messaging';
import { ORG_ID } from '../../test/helpers';
import { hoursAgo, PATIENT_ID, STAFF_ID } from './test-fixtures';

export const CONVERSATION_ID = '65a1b2c3d4e5f6a7b8c9d1a1';
export const OTHER_STAFF_ID = '65a1b2c3d4e5f6a7b8c9d0f2';

export const INBOX = `GET /care/${ORG_ID}/conversations`;
const THREAD_PATH = `/conversations/${ORG_ID}/patient/${PATIENT_ID}/conversation/${CONVERSATION_ID}`;
export const THREAD = `GET ${THREAD_PATH}`;
export const SEND = `PUT ${THREAD_PATH}`;
export const MARK_READ = `PUT ${THREAD_PATH}/patient/read`;
export const TYPING = `POST ${THREAD_PATH}/typing`;
export const ASSIGN = `POST /care/${ORG_ID}/conversations/${CONVERSATION_ID}/assign`;
export const QUICK_REPLIES = `GET /care/${ORG_ID}/quick-replies`;
export const SAVE_QUICK_REPLY = `POST /care/${ORG_ID}/quick-replies`;
export const STAFF_LIST = `GET /care/${ORG_ID}/staff`;
export const UPLOAD = 'POST /v2/media';

/** The thread's address as the inbox links it. */
export const THREAD_URL = `/care/messages/${CONVERSATION_ID}?patient=${PATIENT_ID}`;

export function inboxRow(overrides: Partial<InboxConversation> = {}): InboxConversation {
  return {
    _id: CONVERSATION_ID,
    patient: { _id: PATIENT_ID, first_name: 'Ada', last_name: 'Lovelace' },
    patient_read: true,
    medical_team_read: false,
    last_message_at: hoursAgo(3),
    waiting_since: hoursAgo(3),
    preview: 'Is nausea normal on the first week?',
    assigned_to: null,
    ...overrides,
  };
}

export function inboxPage(docs: InboxConversation[], overrides: Partial<InboxPage> = {}): InboxPage {
  return {
    docs,
    next_cursor: null,
    unread: docs.filter((d) => !d.medical_team_read).length,
    ...overrides,
  };
}

const PATIENT_AUTHOR = {
  _id: PATIENT_ID,
  is_admin: false,
  display_name: 'Ada Lovelace',
  first_name: 'Ada',
  avatar: { square_25: null },
};

const TEAM_AUTHOR = {
  _id: OTHER_STAFF_ID,
  is_admin: true,
  display_name: 'Carl Team',
  first_name: 'Carl',
  avatar: { square_25: null },
};

let sequence = 0;

/** A message of the thread; `from` says who wrote it. */
export function message(
  text: string,
  from: 'patient' | 'team' | 'me' = 'patient',
  overrides: Partial<Message> = {},
): Message {
  sequence += 1;
  const author =
    from === 'patient'
      ? PATIENT_AUTHOR
      : from === 'me'
        ? { ...TEAM_AUTHOR, _id: STAFF_ID, display_name: 'Grace House', first_name: 'Grace' }
        : TEAM_AUTHOR;
  return {
    _id: `65a1b2c3d4e5f6a7b8c9${String(sequence).padStart(4, '0')}`,
    conversation_id: CONVERSATION_ID,
    created_at: hoursAgo(5 - sequence / 100),
    message_style: 1,
    author,
    sender: author._id,
    blocks: [{ type: 'paragraph', text }],
    attachments: [],
    files: [],
    has_file: false,
    internal_message: false,
    ...overrides,
  };
}

export function conversation(messages: Message[], overrides: Partial<Conversation> = {}): Conversation {
  return {
    _id: CONVERSATION_ID,
    patient: PATIENT_ID,
    organization: ORG_ID,
    patient_read: false,
    medical_team_read: false,
    patient_sender: { first_name: 'Ada', last_name: 'Lovelace' },
    last_message_at: messages.at(-1)?.created_at ?? null,
    assigned_to: null,
    messages,
    has_more: false,
    ...overrides,
  };
}

export function quickReply(title: string, text: string, id = '65a1b2c3d4e5f6a7b8c9d2a1'): QuickReply {
  return { _id: id, title, text, created_at: hoursAgo(100) };
}
