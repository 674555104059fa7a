import { conversationChannel } from '@portal/domain/messaging/channels';
import { INITIAL_SCROLL_CHROME, nextScrollChrome } from '@portal/domain/navigation/footer-scroll';
import { latestLabPanelId } from '@portal/domain/navigation/labs-destination';
import { hasUnreadConversation } from '@portal/domain/navigation/unread-conversation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { conversationKeys, patientConversationQueryOptions } from '../../api/conversations';
import { latestLabPanelsQueryOptions } from '../../api/labs';
import { notificationKeys } from '../../api/notifications';
import { useChannelEvents } from '../../lib/realtime';

/**
 * `scrolled`: the header counts as scrolled (past 50 px). `hidden`: the mobile footer hides while the patient
 * scrolls down and comes back when they scroll up (001 §2; the rule is nextScrollChrome).
 */
export function useScrollState(): { scrolled: boolean; hidden: boolean } {
  const [state, setState] = useState({ scrolled: false, hidden: false });
  const chrome = useRef(INITIAL_SCROLL_CHROME);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      chrome.current = nextScrollChrome(chrome.current, window.scrollY);
      const { headerScrolled: scrolled, footerHidden: hidden } = chrome.current;
      setState((current) =>
        scrolled === current.scrolled && hidden === current.hidden ? current : { scrolled, hidden },
      );
    };
    // One update per frame: scroll events fire far more often than the page can repaint.
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);

  return state;
}

/** Closes a popover on Escape (returning focus to its button) or on a pointer press outside it. */
export function useDismiss(
  open: boolean,
  close: () => void,
  containerRef: RefObject<HTMLElement | null>,
  buttonRef: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (containerRef.current && !containerRef.current.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close, containerRef, buttonRef]);
}

/**
 * The Messages dot (001 §4 Navigation): the patient's conversation is unread. Only a successful answer of
 * GET /v2/conversations/patient can show it; any failure shows no dot and is not retried, since a dot is
 * not worth more calls.
 */
export function useMessagesUnread(userId: string): boolean {
  const query = useQuery({
    ...patientConversationQueryOptions(userId),
    select: hasUnreadConversation,
    retry: false,
    staleTime: 30_000,
  });
  useConversationLive(userId);
  return query.data ?? false;
}

/** Real time waits this long after the shell shows: the first screen never pays for it. */
export const LIVE_DOT_DELAY_MS = 3000;

/**
 * The dot and the bell follow the conversation as it happens: a message from the team or a read receipt on
 * the patient's conversation channel reads the conversation and the notifications again. The connection is
 * made once the first screen has settled.
 */
function useConversationLive(userId: string) {
  const client = useQueryClient();
  const conversation = useQuery({
    ...patientConversationQueryOptions(userId),
    select: (body) =>
      Array.isArray(body) ? ((body[0] as { _id?: unknown } | undefined)?._id ?? null) : null,
    retry: false,
    staleTime: 30_000,
  });
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(true), LIVE_DOT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const id = typeof conversation.data === 'string' ? conversation.data : null;
  const refresh = () => {
    void client.invalidateQueries({ queryKey: conversationKeys.ofPatient(userId) });
    void client.invalidateQueries({ queryKey: notificationKeys.all });
  };
  // joined (or back after a break): what happened meanwhile is read too
  useChannelEvents(
    settled && id ? conversationChannel(id) : null,
    { message: refresh, read: refresh },
    refresh,
  );
}

/**
 * The latest lab panel of a labs2 patient (GET /v2/labs/patient/panels, 002 §4.1), for the Labs link; null
 * while unknown, on failure or for other patients (who never call it).
 */
export function useLatestLabPanelId(userId: string, labs2: boolean): string | null {
  const query = useQuery({
    ...latestLabPanelsQueryOptions(userId),
    select: (page) => latestLabPanelId(Array.isArray(page?.docs) ? page.docs : []),
    enabled: labs2,
    retry: false,
    staleTime: 60_000,
  });
  return query.data ?? null;
}
