import type { Conversation, Message } from '@portal/domain/contracts/messaging';
import {
  conversationChannel,
  MESSAGE_EVENT,
  READ_EVENT,
  TYPING_EVENT,
} from '@portal/domain/messaging/channels';
import { typingVisibleUntil } from '@portal/domain/messaging/composer';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  applyReadState,
  conversationKeys,
  getConversationPage,
  patientConversationQueryOptions,
  updateCachedConversation,
  useMarkConversationRead,
} from '../../../api/conversations';
import { getOrganizationId } from '../../../lib/brand';
import { useChannelEvents } from '../../../lib/realtime';
import { isOwnMessage, mergeMessages } from './merge-messages';

/**
 * The events' schemas, loaded beside the real-time client (the channel is joined once both are in): they bring
 * the schema library, which the page's first frame does not need.
 */
let eventSchemas: typeof import('@portal/domain/contracts/messaging') | undefined;
const loadEventSchemas = async () => {
  eventSchemas ??= await import('@portal/domain/contracts/messaging');
};

/** Pages read back at most to join a newest page to what was shown before a long break. */
const GAP_PAGES_MAX = 10;
/** A newest page read this recently is not read again when the page opens. */
const JUST_READ_MS = 5_000;
/** After a refused read receipt, the next mouse movement waits this long before asking again. */
const READ_RETRY_MS = 10_000;

/** The patient's conversation with this clinic's care team (one per clinic; the first otherwise). */
export function pickConversation(
  list: readonly Conversation[] | undefined,
  organizationId: string | undefined,
): Conversation | null {
  if (!Array.isArray(list) || list.length === 0) return null;
  return list.find((c) => c.organization === organizationId) ?? list[0] ?? null;
}

export interface TypingState {
  name: string;
  /** Milliseconds since the epoch when the indicator goes away unless renewed. */
  until: number;
}

export interface OlderState {
  loading: boolean;
  failed: boolean;
  /** Older messages remain on the server. */
  hasMore: boolean;
}

/**
 * The conversation as the page shows it: the newest page (the query the navigation's unread dot also reads),
 * older pages loaded on demand (by the oldest loaded message), messages that arrive on the conversation's
 * real-time channel and the ones this page sent, merged by `_id` so nothing shows twice. Each (re)join of the
 * channel reads the newest page again, and a page that no longer meets what was shown is joined to it by
 * reading back, so nothing is lost over a break. The care team's typing and read receipts come the same way.
 */
export function useConversation(userId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...patientConversationQueryOptions(userId),
    staleTime: 0,
    // Opening the page reads the newest page again, unless it was read a moment ago (the first load's read
    // ahead): joining the channel reads it again anyway once live.
    refetchOnMount: (q) => Date.now() - q.state.dataUpdatedAt > JUST_READ_MS,
  });
  const conversation = pickConversation(query.data, getOrganizationId());
  const conversationId = conversation?._id ?? null;
  const [extra, setExtra] = useState<Message[]>([]);
  const [older, setOlder] = useState<{ loading: boolean; failed: boolean; hasMore: boolean | null }>({
    loading: false,
    failed: false,
    hasMore: null,
  });
  const [typing, setTyping] = useState<TypingState | null>(null);

  const pageMessages = conversation?.messages;
  const messages = useMemo(() => mergeMessages(pageMessages ?? [], extra), [pageMessages, extra]);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;

  const addMessages = useCallback((list: readonly Message[]) => {
    setExtra((previous) => mergeMessages(previous, list));
  }, []);

  const loadingOlder = useRef(false);
  const loadOlder = useCallback(async () => {
    const oldest = messagesRef.current[0];
    if (!conversationId || !oldest || loadingOlder.current) return;
    loadingOlder.current = true;
    setOlder((s) => ({ ...s, loading: true, failed: false }));
    try {
      const page = await getConversationPage(userId, conversationId, oldest._id);
      setExtra((previous) => mergeMessages(page.messages, previous));
      setOlder({ loading: false, failed: false, hasMore: page.has_more && page.messages.length > 0 });
    } catch {
      setOlder((s) => ({ ...s, loading: false, failed: true }));
    } finally {
      loadingOlder.current = false;
    }
  }, [conversationId, userId]);

  // A newest page read after a break that shares no message with what was shown leaves a hole: read back
  // from its oldest message until the pages meet.
  const shownIds = useRef<ReadonlySet<string>>(new Set());
  const hasMorePage = conversation?.has_more ?? false;
  useEffect(() => {
    const page = pageMessages;
    const shown = shownIds.current;
    if (!conversationId || !page?.length || shown.size === 0 || !hasMorePage) return;
    if (page.some((m) => shown.has(m._id))) return;
    let cancelled = false;
    void (async () => {
      let lastId = page[0]!._id;
      for (let count = 0; count < GAP_PAGES_MAX && !cancelled; count += 1) {
        try {
          const before = await getConversationPage(userId, conversationId, lastId);
          setExtra((previous) => mergeMessages(before.messages, previous));
          const first = before.messages[0];
          if (!before.has_more || !first || before.messages.some((m) => shown.has(m._id))) return;
          lastId = first._id;
        } catch {
          return;
        }
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [pageMessages, conversationId, hasMorePage, userId]);
  useEffect(() => {
    shownIds.current = new Set(messages.map((m) => m._id));
  }, [messages]);

  const readNewest = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: conversationKeys.ofPatient(userId) });
  }, [queryClient, userId]);

  const channel = useChannelEvents(
    conversationId ? conversationChannel(conversationId) : null,
    {
      [MESSAGE_EVENT]: (data) => {
        const parsed = eventSchemas!.MessageEvent.safeParse(data);
        // too big for the event, or a shape this page does not know: the page says what is new
        if (!parsed.success || 'partial' in parsed.data) {
          readNewest();
          return;
        }
        const message = parsed.data;
        if (!conversationId || message.conversation_id !== conversationId || message.internal_message) return;
        addMessages([message]);
        const own = isOwnMessage(message, userId);
        updateCachedConversation(queryClient, userId, conversationId, (c) =>
          own ? { ...c, medical_team_read: false } : { ...c, patient_read: false },
        );
        if (!own) setTyping(null);
      },
      [TYPING_EVENT]: (data) => {
        const parsed = eventSchemas!.TypingEvent.safeParse(data);
        if (!parsed.success || !parsed.data.is_admin || parsed.data.sender_id === userId) return;
        if (parsed.data.conversation_id !== conversationId) return;
        setTyping({ name: parsed.data.display_name, until: typingVisibleUntil(Date.now()) });
      },
      [READ_EVENT]: (data) => {
        const parsed = eventSchemas!.ReadState.safeParse(data);
        if (parsed.success) applyReadState(queryClient, userId, parsed.data);
      },
    },
    readNewest,
    loadEventSchemas,
  );

  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(null), Math.max(0, typing.until - Date.now()));
    return () => clearTimeout(timer);
  }, [typing]);

  const markRead = useMarkConversationRead(userId);
  const refusedAt = useRef(Number.NEGATIVE_INFINITY);
  const unread = conversation?.patient_read === false;
  const markReadPending = markRead.isPending;
  const { mutate: markReadMutate } = markRead;
  /** Marks the conversation read when it is unread (on the patient's mouse movement, focus or touch). */
  const markReadIfUnread = useCallback(() => {
    if (!conversationId || !unread || markReadPending) return;
    if (Date.now() - refusedAt.current < READ_RETRY_MS) return;
    markReadMutate(conversationId, {
      onError: () => {
        refusedAt.current = Date.now();
      },
    });
  }, [conversationId, unread, markReadPending, markReadMutate]);

  const olderState: OlderState = {
    loading: older.loading,
    failed: older.failed,
    hasMore: older.hasMore ?? hasMorePage,
  };

  return {
    query,
    conversation,
    messages,
    addMessages,
    older: olderState,
    loadOlder,
    typing,
    channel,
    markReadIfUnread,
  };
}
