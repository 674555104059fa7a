import { MESSAGES } from '@portal/domain/messages';
import { createTypingThrottle } from '@portal/domain/messaging/composer';
import { OFFICE_BANNER_TEXTS } from '@portal/domain/messaging/office-hours';
import { validateAttachment } from '@portal/domain/validation/uploads';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { sendTypingNotice, useSendMessage } from '../../../api/conversations';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useSessionUser } from '../../../lib/session';
import { Composer, type SendFailure } from '../components/composer';
import { MessageItem, PendingItem, type PendingMessage } from '../components/message-item';
import { isOwnMessage, latestOwnMessageId } from '../lib/merge-messages';
import { useConversation } from '../lib/use-conversation';
import { useFileDrop } from '../lib/use-file-drop';
import { useOfficeBanner } from '../lib/use-office-banner';
import '../components/messages.css';

/** Within this many px of the top the previous page loads; within this of the bottom new messages follow. */
const EDGE_PX = 80;

/** Text the composer had plus the text of a message that came back unsent. */
const restoreText = (current: string, unsent: string) => (current.trim() ? `${unsent}\n${current}` : unsent);

export default function MessagesPage() {
  const user = useSessionUser();
  if (!user) return null;
  return <Messages userId={user._id} />;
}

/**
 * The Messages page (001 §2, §4): the conversation with the care team, full width, with the holiday or
 * after-hours banner, older messages on scrolling up, the care team's typing and the message box.
 */
function Messages({ userId }: { userId: string }) {
  const headingId = useId();
  const { query, conversation, messages, addMessages, older, loadOlder, typing, markReadIfUnread } =
    useConversation(userId);
  const send = useSendMessage(userId);
  const banner = useOfficeBanner();
  const [bannerClosed, setBannerClosed] = useState(false);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<SendFailure | null>(null);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const localIds = useRef(0);
  const throttle = useMemo(() => createTypingThrottle(Date.now), []);
  const conversationId = conversation?._id ?? null;
  const sending = pending.some((p) => p.status === 'sending');

  const log = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const shownFirstId = useRef<string | undefined>(undefined);

  const chooseFile = useCallback((chosen: File) => {
    const refusal = validateAttachment(chosen);
    if (refusal) {
      setFailure(
        refusal === MESSAGES.messageSendFailure
          ? { reason: 'Files can be up to 10MB.' }
          : { reason: refusal },
      );
      return;
    }
    setFailure(null);
    setFile(chosen);
  }, []);
  const drop = useFileDrop(chooseFile, conversationId !== null);

  const onTextChange = (value: string) => {
    setText(value);
    if (conversationId && value.trim() && throttle.shouldNotify())
      sendTypingNotice(userId, conversationId).catch(() => undefined);
  };

  const onSend = async () => {
    if (!conversationId || sending) return;
    localIds.current += 1;
    const local: PendingMessage = { id: `local-${localIds.current}`, text, file, status: 'sending' };
    setPending((list) => [...list, local]);
    setText('');
    setFile(null);
    setFailure(null);
    atBottom.current = true;
    try {
      const message = await send.mutateAsync({ conversationId, text: local.text, file: local.file });
      addMessages([message]);
      setPending((list) => list.filter((p) => p.id !== local.id));
    } catch {
      setFailure({});
      if (local.file) {
        setPending((list) => list.map((p) => (p.id === local.id ? { ...p, status: 'failed' } : p)));
      } else {
        setPending((list) => list.filter((p) => p.id !== local.id));
        setText((current) => restoreText(current, local.text));
      }
    }
  };

  /** Try Again on a failed file: the file is cleared and the message's text goes back to the box. */
  const tryAgain = (failed: PendingMessage) => {
    setPending((list) => list.filter((p) => p.id !== failed.id));
    setFailure(null);
    if (failed.text) setText((current) => restoreText(current, failed.text));
  };

  const loadEarlier = useCallback(() => {
    const el = log.current;
    if (el) anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    void loadOlder();
  }, [loadOlder]);

  const onScroll = () => {
    const el = log.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < EDGE_PX;
    if (el.scrollTop < EDGE_PX && older.hasMore && !older.loading && !older.failed) loadEarlier();
  };

  // Older messages keep the reader's place; new ones are followed while the reader is at the bottom.
  const firstId = messages[0]?._id;
  const lastId = messages.at(-1)?._id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a message is added at either end or a send changes
  useLayoutEffect(() => {
    const el = log.current;
    const previousFirst = shownFirstId.current;
    shownFirstId.current = firstId;
    if (!el) return;
    if (anchor.current && previousFirst !== undefined && firstId !== previousFirst) {
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
      return;
    }
    if (atBottom.current) el.scrollTop = el.scrollHeight;
  }, [firstId, lastId, pending]);

  // Images load after their message: stay at the bottom while the content grows.
  useEffect(() => {
    const el = log.current;
    const content = list.current;
    if (!el || !content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current && !anchor.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(content);
    return () => observer.disconnect();
  });

  useEffect(() => {
    window.addEventListener('focus', markReadIfUnread);
    return () => window.removeEventListener('focus', markReadIfUnread);
  }, [markReadIfUnread]);

  const latestOwn = latestOwnMessageId(messages, userId);
  const receipt = conversation?.medical_team_read ? 'Seen' : 'Delivered';
  const empty = messages.length === 0 && pending.length === 0;

  return (
    <section
      className="messages-page"
      aria-labelledby={headingId}
      onMouseMove={markReadIfUnread}
      onTouchStart={markReadIfUnread}
      onFocus={markReadIfUnread}
      {...drop.handlers}
    >
      <header className="messages-page__header">
        <h1 className="messages-page__title" id={headingId}>
          Messages
        </h1>
        <p className="messages-page__subtitle">Chat with your care team</p>
      </header>

      {banner !== 'none' && !bannerClosed ? (
        <Alert tone="info" className="messages-banner" onClose={() => setBannerClosed(true)}>
          <p>{OFFICE_BANNER_TEXTS[banner]}</p>
        </Alert>
      ) : null}

      <div
        ref={log}
        className="messages-log"
        role="log"
        aria-live="polite"
        aria-label="Message history"
        // the history scrolls on its own: keyboard users reach it to scroll
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
        tabIndex={0}
        onScroll={onScroll}
      >
        <div ref={list} className="messages-log__content">
          {query.isPending ? (
            <div className="messages-log__status">
              <Spinner label="Loading messages" />
            </div>
          ) : null}
          {query.isError && !conversation ? (
            <div className="messages-log__status">
              <Alert tone="error" title="Your messages could not be loaded.">
                <p>Please check your connection and try again.</p>
              </Alert>
              <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </div>
          ) : null}
          {older.hasMore && messages.length > 0 ? (
            <div className="messages-log__older">
              <Button variant="ghost" size="sm" loading={older.loading} onClick={loadEarlier}>
                Load earlier messages
              </Button>
              {older.failed ? (
                <p className="messages-log__older-error">Earlier messages could not be loaded.</p>
              ) : null}
            </div>
          ) : null}
          {query.isSuccess && empty ? (
            <div className="messages-empty">
              <svg
                viewBox="0 0 24 24"
                width="40"
                height="40"
                aria-hidden="true"
                className="messages-empty__icon"
              >
                <path
                  d="M21 12a8 8 0 0 1-11.6 7.1L4 21l1.9-5.4A8 8 0 1 1 21 12Z"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.6"
                  strokeLinejoin="round"
                />
              </svg>
              <h2 className="messages-empty__title">No messages yet</h2>
              <p className="messages-empty__text">
                {conversation
                  ? 'Ask your care team anything about your treatment. Your conversation will appear here.'
                  : 'Your conversation with the care team is not open yet. Please come back a little later.'}
              </p>
            </div>
          ) : null}
          {empty ? null : (
            <ol className="messages-list-items">
              {messages.map((message) => (
                <MessageItem
                  key={message._id}
                  message={message}
                  own={isOwnMessage(message, userId)}
                  receipt={message._id === latestOwn ? receipt : null}
                />
              ))}
              {pending.map((p) => (
                <PendingItem key={p.id} pending={p} onTryAgain={() => tryAgain(p)} />
              ))}
            </ol>
          )}
        </div>
      </div>

      <p className="messages-typing" aria-live="polite">
        {typing ? `${typing.name} is typing…` : ''}
      </p>

      <Composer
        text={text}
        onTextChange={onTextChange}
        file={file}
        onChooseFile={chooseFile}
        onRemoveFile={() => setFile(null)}
        onSend={() => void onSend()}
        sending={sending}
        disabled={!conversationId}
        failure={failure}
        onDismissFailure={() => setFailure(null)}
      />

      {drop.dragging ? (
        <div className="messages-drop" aria-hidden="true">
          <p className="messages-drop__text">Drop File Here</p>
        </div>
      ) : null}
    </section>
  );
}
