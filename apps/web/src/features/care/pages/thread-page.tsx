import {
  type Conversation,
  conversationChannel,
  MESSAGE_EVENT,
  type MessageEvent,
  READ_EVENT,
  type ReadState,
  TYPING_EVENT,
  type TypingEvent,
} from '@portal/domain/contracts/messaging';
import { typingVisibleUntil } from '@portal/domain/messaging/composer';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  addMessageToThread,
  applyReadState,
  careThreadQueryOptions,
  inboxKeys,
  inboxPatientOf,
  useLoadEarlierMessages,
  useMarkThreadRead,
} from '../../../api/care/inbox';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { type ChannelStatus, useChannelEvents } from '../../../lib/realtime';
import { useSessionUser } from '../../../lib/session';
import { useIsDesktop } from '../../../lib/use-media-query';
import { ThreadAssign } from '../components/thread-assign';
import { ThreadComposer } from '../components/thread-composer';
import { ThreadMessage } from '../components/thread-message';
import { ThreadPatient } from '../components/thread-patient';
import { INBOX_PATH } from '../lib/inbox';
import { personName } from '../lib/labels';
import '../care.css';
import '../inbox.css';

const LIVE_TEXT: Record<ChannelStatus, string> = {
  connecting: 'Connecting to live updates…',
  live: 'Live: new messages appear as they arrive',
  offline: 'Live updates unavailable: reload to see new messages',
};

function BackLink() {
  return (
    <Link className="care-back" to={INBOX_PATH}>
      ← Messages
    </Link>
  );
}

/**
 * One conversation of the inbox (issue 13 §4): its history (notes included) beside the patient's chart in
 * brief, the reply box, who it is assigned to, the patient's typing and read receipt. Opening it marks it
 * read for the team, as does each new message from the patient while the page is in view.
 */
export default function ThreadPage() {
  const { conversationId = '' } = useParams();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const patientId = search.get('patient') || inboxPatientOf(queryClient, conversationId) || '';

  if (!patientId)
    return (
      <div className="care-page">
        <BackLink />
        <h1 className="care-page__title">Conversation</h1>
        <Alert tone="error">This link does not say whose conversation it is. Open it from the inbox.</Alert>
      </div>
    );
  return <Thread key={conversationId} patientId={patientId} conversationId={conversationId} />;
}

function Thread({ patientId, conversationId }: { patientId: string; conversationId: string }) {
  const thread = useQuery(careThreadQueryOptions(patientId, conversationId));
  if (thread.isPending)
    return (
      <div className="care-loading">
        <Spinner label="Loading the conversation" />
      </div>
    );
  if (thread.isError)
    return (
      <div className="care-page">
        <BackLink />
        <h1 className="care-page__title">Conversation</h1>
        <div className="inbox-error">
          <Alert tone="error">{thread.error.message}</Alert>
          <Button variant="secondary" loading={thread.isFetching} onClick={() => void thread.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  return <ThreadView conversation={thread.data} patientId={patientId} />;
}

/** The patient's typing notice (001 §9: shown for 8 seconds unless renewed). */
function useTypingNotice() {
  const [typing, setTyping] = useState<{ name: string; until: number } | null>(null);
  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(null), Math.max(0, typing.until - Date.now()));
    return () => clearTimeout(timer);
  }, [typing]);
  return [typing, setTyping] as const;
}

function ThreadView({ conversation, patientId }: { conversation: Conversation; patientId: string }) {
  const conversationId = conversation._id;
  const user = useSessionUser();
  const me = user?._id ?? '';
  const queryClient = useQueryClient();
  const desktop = useIsDesktop();
  const patientHeading = useId();
  const [typing, setTyping] = useTypingNotice();
  const earlier = useLoadEarlierMessages(patientId, conversationId);
  const { mutate: markRead, isError: readFailed } = useMarkThreadRead(patientId, conversationId, me);
  const log = useRef<HTMLDivElement>(null);
  const name = personName(conversation.patient_sender);
  const messages = conversation.messages;

  const live = useChannelEvents(
    conversationChannel(conversationId),
    {
      [MESSAGE_EVENT]: (data) => {
        const event = data as MessageEvent;
        if (event.conversation_id !== conversationId) return;
        if ('partial' in event) {
          void queryClient.invalidateQueries({ queryKey: inboxKeys.thread(conversationId) });
          return;
        }
        addMessageToThread(queryClient, event);
        if (!event.author.is_admin) setTyping(null);
      },
      [TYPING_EVENT]: (data) => {
        const event = data as TypingEvent;
        if (event.conversation_id !== conversationId || event.is_admin) return;
        setTyping({ name: event.display_name || name, until: typingVisibleUntil(Date.now()) });
      },
      [READ_EVENT]: (data) => {
        const state = data as ReadState;
        if (state._id === conversationId) applyReadState(queryClient, state);
      },
    },
    // on each (re)join: read the thread again, merged by _id with what is shown
    () => void queryClient.invalidateQueries({ queryKey: inboxKeys.thread(conversationId) }),
  );

  // opened, or a new message of the patient while the page is in view: read for the team
  const unread = !conversation.medical_team_read;
  useEffect(() => {
    if (!unread) return;
    let sent = false;
    const read = () => {
      if (sent || document.visibilityState === 'hidden') return;
      sent = true;
      markRead();
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [unread, markRead]);

  // the newest message in view: on opening and as messages arrive (not when earlier ones are loaded)
  const newestId = messages.at(-1)?._id;
  useEffect(() => {
    const el = log.current;
    if (el && newestId) el.scrollTop = el.scrollHeight;
  }, [newestId]);

  const lastToPatient = messages.findLast((m) => m.author.is_admin && !m.internal_message);

  const patient = (
    <>
      <h2 className="inbox-patient__title" id={patientHeading}>
        {name}
      </h2>
      <ThreadPatient patientId={patientId} />
    </>
  );

  return (
    <div className="care-page inbox-thread">
      <BackLink />
      <header className="inbox-thread__head">
        <div>
          <h1 className="care-page__title">{name}</h1>
          <p className={`care-live care-live--${live}`}>{LIVE_TEXT[live]}</p>
        </div>
        <ThreadAssign
          conversationId={conversationId}
          assignee={conversation.assigned_to}
          me={me}
          role={user?.role ?? ''}
        />
      </header>

      <div className="inbox-thread__grid">
        {desktop ? null : (
          <details className="inbox-patient inbox-patient--compact">
            <summary>Patient summary</summary>
            {patient}
          </details>
        )}

        <section className="inbox-thread__main" aria-label={`Conversation with ${name}`}>
          {readFailed ? (
            <Alert tone="warning">The conversation could not be marked read for the team.</Alert>
          ) : null}
          {conversation.has_more ? (
            <div className="inbox-thread__earlier">
              <Button
                variant="secondary"
                size="sm"
                loading={earlier.isPending}
                onClick={() => {
                  const oldest = messages[0];
                  if (oldest) earlier.mutate(oldest._id);
                }}
              >
                Load earlier messages
              </Button>
              {earlier.error ? <Alert tone="error">{earlier.error.message}</Alert> : null}
            </div>
          ) : null}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
          <div ref={log} className="inbox-thread__log" role="log" aria-label="Messages" tabIndex={0}>
            {messages.length ? (
              <ol className="inbox-thread__messages">
                {messages.map((message) => (
                  <ThreadMessage
                    key={message._id}
                    message={message}
                    seen={conversation.patient_read && message === lastToPatient}
                  />
                ))}
              </ol>
            ) : (
              <p className="care-muted inbox-thread__empty">No messages yet. Write the first one below.</p>
            )}
          </div>
          <p className="inbox-thread__typing" role="status">
            {typing ? `${typing.name} is typing…` : ''}
          </p>
          <ThreadComposer
            patientId={patientId}
            conversationId={conversationId}
            patientFirstName={conversation.patient_sender.first_name}
            staffId={me}
          />
        </section>

        {desktop ? (
          <aside className="inbox-patient" aria-labelledby={patientHeading}>
            {patient}
          </aside>
        ) : null}
      </div>
    </div>
  );
}
