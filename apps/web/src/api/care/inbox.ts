import type {
  Conversation,
  InboxConversation,
  InboxFilter,
  InboxPage,
  Message,
  ReadState,
  SendMessageBody,
  UploadedMedia,
} from '@portal/domain/contracts/messaging';
import { careInboxChannel, INBOX_CHANGED_EVENT } from '@portal/domain/contracts/messaging';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch, apiRequest, requireOrganizationId, seg } from '../../lib/api-client';
import { type ChannelStatus, realtimeSocketId, useChannelEvents } from '../../lib/realtime';

/** The care team's inbox (issue 13 §4) and the threads it opens. */
export const inboxKeys = {
  all: ['care', 'inbox'] as const,
  lists: ['care', 'inbox', 'list'] as const,
  list: (filter: InboxFilter) => ['care', 'inbox', 'list', filter] as const,
  unread: ['care', 'inbox', 'unread'] as const,
  thread: (conversationId: string) => ['care', 'conversation', conversationId] as const,
};

export const INBOX_PAGE_SIZE = 30;

/**
 * The inbox hears of every change on its clinic's channel (useInboxEvents) and reads again; this slow refresh
 * is only the net for a connection that could not be made.
 */
export const INBOX_REFRESH_MS = 60_000;

const org = () => seg(requireOrganizationId());

/** GET /care/{org}/conversations: unread first, then the longest waiting, by cursor. */
export function careInboxQueryOptions(filter: InboxFilter) {
  return infiniteQueryOptions({
    queryKey: inboxKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<InboxPage>(`/care/${org()}/conversations`, {
        query: { filter, cursor: pageParam ?? undefined, limit: INBOX_PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    refetchInterval: INBOX_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
  });
}

/** The clinic's unread conversations, for the workspace bar: the smallest page of the unread filter. */
export function careInboxUnreadQueryOptions() {
  return queryOptions({
    queryKey: inboxKeys.unread,
    queryFn: ({ signal }) =>
      apiRequest<InboxPage>(`/care/${org()}/conversations`, {
        query: { filter: 'unread', limit: 1 },
        signal,
      }).then((page) => page.unread),
    refetchInterval: INBOX_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
  });
}

/**
 * Reads the inbox (its lists and the unread count) again whenever the clinic's inbox channel says it changed,
 * and after each (re)join; an open thread of the conversation named is read again too, as a colleague's
 * internal note travels only on this staff channel, never on the conversation's. One listener for the whole
 * workspace: the shell's, so that leaving the inbox page never leaves the channel the bar's count still needs.
 */
export function useInboxEvents(): ChannelStatus {
  const queryClient = useQueryClient();
  const readAgain = () => void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
  return useChannelEvents(
    careInboxChannel(requireOrganizationId()),
    {
      [INBOX_CHANGED_EVENT]: (data) => {
        readAgain();
        const conversationId = (data as { conversation_id?: unknown } | null)?.conversation_id;
        if (typeof conversationId === 'string')
          void queryClient.invalidateQueries({ queryKey: inboxKeys.thread(conversationId) });
      },
    },
    readAgain,
  );
}

const threadPath = (patientId: string, conversationId: string) =>
  `/conversations/${org()}/patient/${seg(patientId)}/conversation/${seg(conversationId)}`;

/** Messages by _id, oldest first; a later copy of a message replaces the earlier one. */
export function mergeMessages(...lists: readonly (readonly Message[])[]): Message[] {
  const byId = new Map<string, Message>();
  for (const list of lists) for (const message of list) byId.set(message._id, message);
  return [...byId.values()].sort(
    (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a._id.localeCompare(b._id),
  );
}

/**
 * The newest page read again, merged with what was already loaded (older pages, messages heard in real time).
 * When the newest page does not reach back to what was loaded (many messages came during a break) the loaded
 * ones are dropped rather than shown with a hole between them.
 */
export function mergeThread(loaded: Conversation | undefined, fresh: Conversation): Conversation {
  if (!loaded || loaded._id !== fresh._id || loaded.messages.length === 0) return fresh;
  const newestLoaded = loaded.messages.at(-1)!;
  const oldestFresh = fresh.messages[0];
  const gap =
    fresh.has_more &&
    oldestFresh !== undefined &&
    Date.parse(oldestFresh.created_at) > Date.parse(newestLoaded.created_at) &&
    !fresh.messages.some((m) => m._id === newestLoaded._id);
  if (gap) return fresh;
  const reachesFurther =
    oldestFresh === undefined ||
    Date.parse(loaded.messages[0]!.created_at) <= Date.parse(oldestFresh.created_at);
  return {
    ...fresh,
    messages: mergeMessages(loaded.messages, fresh.messages),
    has_more: reachesFurther ? loaded.has_more : fresh.has_more,
  };
}

/**
 * GET /conversations/{org}/patient/{patientId}/conversation/{cid}?internal_message=true: the newest page of
 * the thread with the team's internal notes, merged into what the page already shows.
 */
export function careThreadQueryOptions(patientId: string, conversationId: string) {
  const queryKey = inboxKeys.thread(conversationId);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal, client }) => {
      const fresh = await apiRequest<Conversation>(threadPath(patientId, conversationId), {
        query: { internal_message: 'true' },
        signal,
      });
      return mergeThread(client.getQueryData<Conversation>(queryKey), fresh);
    },
    enabled: Boolean(patientId && conversationId),
  });
}

/** The page before the oldest loaded message (lastId), joined to the thread. */
export function useLoadEarlierMessages(patientId: string, conversationId: string) {
  const queryClient = useQueryClient();
  const queryKey = inboxKeys.thread(conversationId);
  return useMutation({
    mutationFn: (lastId: string) =>
      apiRequest<Conversation>(threadPath(patientId, conversationId), {
        query: { internal_message: 'true', lastId },
      }),
    onSuccess: (older) => {
      queryClient.setQueryData<Conversation>(queryKey, (thread) =>
        thread
          ? { ...thread, messages: mergeMessages(older.messages, thread.messages), has_more: older.has_more }
          : thread,
      );
    },
  });
}

/**
 * Puts one message heard in real time (or just sent) into the open thread, by _id. A new message from the
 * patient is unread for the team until it is marked; a new one to the patient is unread by them until their
 * read receipt comes (a note changes neither).
 */
export function addMessageToThread(queryClient: QueryClient, message: Message): void {
  queryClient.setQueryData<Conversation>(inboxKeys.thread(message.conversation_id), (thread) => {
    if (!thread) return thread;
    const known = thread.messages.some((m) => m._id === message._id);
    const unread =
      known || message.internal_message
        ? {}
        : message.author.is_admin
          ? { patient_read: false }
          : { medical_team_read: false };
    return {
      ...thread,
      ...unread,
      messages: mergeMessages(thread.messages, [message]),
      last_message_at: known ? thread.last_message_at : message.created_at,
    };
  });
}

/** The patient of a conversation the inbox has listed (a thread opened without ?patient= in its address). */
export function inboxPatientOf(queryClient: QueryClient, conversationId: string): string | undefined {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<InboxPage>>({ queryKey: inboxKeys.lists }))
    for (const page of data?.pages ?? [])
      for (const row of page.docs) if (row._id === conversationId) return row.patient._id;
  return undefined;
}

/** A read receipt heard in real time. */
export function applyReadState(queryClient: QueryClient, state: ReadState): void {
  queryClient.setQueryData<Conversation>(inboxKeys.thread(state._id), (thread) =>
    thread
      ? { ...thread, patient_read: state.patient_read, medical_team_read: state.medical_team_read }
      : thread,
  );
}

/** POST /v2/media (multipart, field `file`): a file to send with a message by its id. */
export function uploadMessageFile(file: File): Promise<UploadedMedia> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<UploadedMedia>('/v2/media', { method: 'POST', body: form });
}

/** A file of a message (GET /v2/media/{id}), served only with the staff member's token. */
export async function fetchMessageFile(url: string, signal?: AbortSignal): Promise<Blob> {
  return (await apiFetch(url, { signal })).blob();
}

/** What the reply box sends: the body's fields the care team uses; the socket id is added here. */
export type CareReply = Pick<SendMessageBody, 'text' | 'blocks' | 'message_style' | 'internal_message'> & {
  files?: readonly File[];
};

/**
 * PUT /conversations/{org}/patient/{patientId}/conversation/{cid}: the files are uploaded first (POST
 * /v2/media), then the message is sent with their ids. The message joins the thread at once, and the inbox is
 * read again (the conversation is answered).
 */
export function useSendCareReply(patientId: string, conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ files = [], ...reply }: CareReply) => {
      const media: string[] = [];
      for (const file of files) media.push((await uploadMessageFile(file))._id);
      const body: SendMessageBody = {
        ...reply,
        ...(media.length ? { media } : {}),
        ...(realtimeSocketId() ? { socket_id: realtimeSocketId() } : {}),
      };
      return apiRequest<Message>(threadPath(patientId, conversationId), { method: 'PUT', body });
    },
    onSuccess: (message) => {
      addMessageToThread(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    },
  });
}

/**
 * PUT .../patient/read: for a member of staff it marks the conversation read for the care team
 * (medical_team_read), which the bar's count and the inbox show.
 */
export function useMarkThreadRead(patientId: string, conversationId: string, staffId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<unknown>(`${threadPath(patientId, conversationId)}/patient/read`, {
        method: 'PUT',
        body: {
          patient_id: patientId,
          conversation_id: conversationId,
          socket_id: realtimeSocketId() ?? null,
          sender_id: staffId,
        },
      }),
    onSuccess: () => {
      queryClient.setQueryData<Conversation>(inboxKeys.thread(conversationId), (thread) =>
        thread ? { ...thread, medical_team_read: true } : thread,
      );
      void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    },
  });
}

/** POST .../typing: tells the patient someone of the team is writing (the caller throttles it). */
export function sendTypingNotice(
  patientId: string,
  conversationId: string,
  staffId: string,
): Promise<unknown> {
  return apiRequest<unknown>(`${threadPath(patientId, conversationId)}/typing`, {
    method: 'POST',
    body: {
      patient_id: patientId,
      conversation_id: conversationId,
      socketId: realtimeSocketId() ?? null,
      sender_id: staffId,
    },
  });
}

/** POST /care/{org}/conversations/{cid}/assign: a member of staff, or null for nobody. */
export function useAssignConversation(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (staffId: string | null) =>
      apiRequest<InboxConversation>(`/care/${org()}/conversations/${seg(conversationId)}/assign`, {
        method: 'POST',
        body: { staff_id: staffId },
      }),
    onSuccess: (row) => {
      queryClient.setQueryData<Conversation>(inboxKeys.thread(conversationId), (thread) =>
        thread ? { ...thread, assigned_to: row.assigned_to } : thread,
      );
      void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    },
  });
}
