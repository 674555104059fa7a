import type {
  Conversation,
  Message,
  PatientConversations,
  ReadState,
} from '@portal/domain/contracts/messaging';
import { attachmentKind } from '@portal/domain/messaging/composer';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg, takeSettledAhead } from '../lib/api-client';
import { realtimeSocketId } from '../lib/realtime';
import { PATIENT_CONVERSATIONS_PATH } from './shell-reads';

export type { Conversation, Message, ReadState };

export const conversationKeys = {
  /** The patient's conversations with their newest page (the Messages page and the navigation's unread dot). */
  ofPatient: (userId: string) => ['conversations', userId, 'patient'] as const,
};

/** GET /v2/conversations/patient (001 §7): the patient's conversations, each with its newest page, oldest first. */
export function getPatientConversation(signal?: AbortSignal): Promise<PatientConversations> {
  return apiRequest<PatientConversations>(PATIENT_CONVERSATIONS_PATH, { signal });
}

export function patientConversationQueryOptions(userId: string) {
  return queryOptions({
    queryKey: conversationKeys.ofPatient(userId),
    queryFn: ({ signal }) => getPatientConversation(signal),
    // read ahead by the route guard on a first load: when it is back, the first frame draws the Messages dot
    // and the Messages page's history from it rather than a frame later
    initialData: () => takeSettledAhead<PatientConversations>(PATIENT_CONVERSATIONS_PATH),
  });
}

/** /conversations/{org}/patient/{userId}/conversation/{cid}: the path of one conversation's calls. */
function conversationPath(userId: string, conversationId: string): string {
  return `/conversations/${seg(requireOrganizationId())}/patient/${seg(userId)}/conversation/${seg(conversationId)}`;
}

/**
 * GET /conversations/{org}/patient/{id}/conversation/{cid} (001 §7): the newest page, or with `lastId` (the
 * oldest loaded message's id) the page before it; `has_more` says older ones remain.
 */
export function getConversationPage(
  userId: string,
  conversationId: string,
  lastId?: string,
  signal?: AbortSignal,
): Promise<Conversation> {
  return apiRequest<Conversation>(conversationPath(userId, conversationId), {
    query: { lastId },
    signal,
  });
}

export interface SendMessageInput {
  userId: string;
  conversationId: string;
  text: string;
  file?: File | null;
}

/**
 * PUT /conversations/{org}/patient/{id}/conversation/{cid} (001 §7): text as JSON `{ text, socket_id }`; with a
 * file, multipart form data (file, client_id, mediaType private-image or document, text, socket_id). The
 * socket id makes the server's event skip this page, which already shows the message it gets back.
 */
export function sendMessage({ userId, conversationId, text, file }: SendMessageInput): Promise<Message> {
  const socketId = realtimeSocketId();
  if (file) {
    const form = new FormData();
    form.append('client_id', userId);
    form.append('mediaType', attachmentKind(file.name));
    if (text.trim()) form.append('text', text);
    if (socketId) form.append('socket_id', socketId);
    form.append('file', file, file.name);
    return apiRequest<Message>(conversationPath(userId, conversationId), { method: 'PUT', body: form });
  }
  return apiRequest<Message>(conversationPath(userId, conversationId), {
    method: 'PUT',
    body: { text, ...(socketId ? { socket_id: socketId } : {}) },
  });
}

/** PUT .../conversation/{cid}/patient/read (001 §7): the patient has read the conversation. */
export function markConversationRead(userId: string, conversationId: string): Promise<ReadState> {
  return apiRequest<ReadState>(`${conversationPath(userId, conversationId)}/patient/read`, {
    method: 'PUT',
    body: {
      patient_id: userId,
      conversation_id: conversationId,
      socket_id: realtimeSocketId() ?? null,
      sender_id: userId,
    },
  });
}

/** POST .../conversation/{cid}/typing (001 §7): the patient is typing (socketId as the documents spell it). */
export function sendTypingNotice(userId: string, conversationId: string): Promise<unknown> {
  return apiRequest<unknown>(`${conversationPath(userId, conversationId)}/typing`, {
    method: 'POST',
    body: {
      patient_id: userId,
      conversation_id: conversationId,
      socketId: realtimeSocketId() ?? null,
      sender_id: userId,
    },
  });
}

/** Changes one conversation of the cached list (read flags, a new message's effect on them). */
export function updateCachedConversation(
  client: QueryClient,
  userId: string,
  conversationId: string,
  change: (conversation: Conversation) => Conversation,
): void {
  client.setQueryData<PatientConversations>(conversationKeys.ofPatient(userId), (list) =>
    Array.isArray(list) ? list.map((c) => (c._id === conversationId ? change(c) : c)) : list,
  );
}

/** Copies a read state (the server's answer or a `read` event) into the cached conversation. */
export function applyReadState(client: QueryClient, userId: string, state: ReadState): void {
  updateCachedConversation(client, userId, state._id, (c) => ({
    ...c,
    patient_read: state.patient_read,
    medical_team_read: state.medical_team_read,
  }));
}

/**
 * Marks the conversation read, shows it at once, then reads the list again so the navigation's unread dot
 * (which reads the same query) clears.
 */
export function useMarkConversationRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) => markConversationRead(userId, conversationId),
    onSuccess: async (state) => {
      applyReadState(queryClient, userId, state);
      await queryClient.invalidateQueries({ queryKey: conversationKeys.ofPatient(userId) });
    },
  });
}

/** Sends a message; the new message is not yet seen by the care team. */
export function useSendMessage(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<SendMessageInput, 'userId'>) => sendMessage({ ...input, userId }),
    onSuccess: (message) => {
      updateCachedConversation(queryClient, userId, message.conversation_id, (c) => ({
        ...c,
        medical_team_read: false,
        last_message_at: message.created_at,
      }));
    },
  });
}
