import type { InboxConversation, InboxFilter } from '@portal/domain/contracts/messaging';
import { messageTime } from '@portal/domain/messaging/format';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { careInboxQueryOptions } from '../../../api/care/inbox';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useSessionUser } from '../../../lib/session';
import {
  assigneeLabel,
  INBOX_EMPTY,
  INBOX_FILTER_LABELS,
  INBOX_FILTERS,
  threadPath,
  waitingWords,
} from '../lib/inbox';
import { personName } from '../lib/labels';
import '../care.css';
import '../fulfilment.css';
import '../inbox.css';
import { CareTabs, tabId } from '../components/care-tabs';

const isFilter = (value: string | null): value is InboxFilter =>
  value !== null && (INBOX_FILTERS as readonly string[]).includes(value);

function Row({ item, me, now }: { item: InboxConversation; me: string | undefined; now: Date }) {
  const unread = !item.medical_team_read;
  const name = personName(item.patient);
  return (
    <li className={`inbox-row${unread ? ' inbox-row--unread' : ''}`}>
      <div className="inbox-row__head">
        <Link className="inbox-row__patient" to={threadPath(item._id, item.patient._id)}>
          {name}
        </Link>
        {unread ? <span className="inbox-row__unread">Unread</span> : null}
        {item.last_message_at ? (
          <time className="inbox-row__time" dateTime={item.last_message_at}>
            {messageTime(new Date(item.last_message_at))}
          </time>
        ) : null}
      </div>
      <p className="inbox-row__preview">{item.preview || 'No messages yet'}</p>
      <p className="inbox-row__meta">
        {item.waiting_since ? (
          <span className="inbox-row__waiting">Waiting {waitingWords(item.waiting_since, now)}</span>
        ) : (
          <span className="care-muted">Answered</span>
        )}
        <span>
          <span className="care-muted">Assigned to </span>
          {assigneeLabel(item.assigned_to, me)}
        </span>
      </p>
    </li>
  );
}

/**
 * The care team's inbox (issue 13 §4): one row per patient conversation, unread first then the longest
 * waiting, as the server orders them; tabs filter by unread, mine and unassigned. New messages arrive over the
 * clinic's inbox channel, which the workspace's shell listens to for the whole workspace.
 */
export default function InboxPage() {
  const me = useSessionUser()?._id;
  const [search, setSearch] = useSearchParams();
  const asked = search.get('filter');
  const filter: InboxFilter = isFilter(asked) ? asked : 'all';
  const list = useInfiniteQuery(careInboxQueryOptions(filter));
  const items = list.data?.pages.flatMap((page) => page.docs) ?? [];
  const unread = list.data?.pages[0]?.unread;
  const now = new Date();

  function choose(to: InboxFilter) {
    setSearch(to === 'all' ? {} : { filter: to }, { replace: true });
  }

  return (
    <div className="care-page">
      <div className="care-page__head">
        <h1 className="care-page__title">Messages</h1>
        <p className="care-page__count" aria-live="polite">
          {unread === undefined
            ? '\u00a0'
            : unread === 1
              ? '1 unread conversation'
              : `${unread} unread conversations`}
        </p>
      </div>

      <CareTabs
        label="Conversations"
        idPrefix="inbox"
        tabs={INBOX_FILTERS}
        selected={filter}
        onSelect={choose}
        render={(f) => INBOX_FILTER_LABELS[f]}
      />

      <div
        className="care-tabs__panel"
        role="tabpanel"
        id="inbox-panel"
        aria-labelledby={tabId('inbox', filter)}
      >
        {list.isPending ? (
          <div className="care-loading">
            <Spinner label="Loading conversations" />
          </div>
        ) : list.isError && !list.data ? (
          <div className="inbox-error">
            <Alert tone="error">{list.error.message}</Alert>
            <Button variant="secondary" loading={list.isFetching} onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div className="care-empty">
            <h2 className="care-empty__title">{INBOX_EMPTY[filter].title}</h2>
            <p>{INBOX_EMPTY[filter].text}</p>
          </div>
        ) : (
          <ul className="inbox-list" aria-label="Conversations, unread first, then the longest waiting">
            {items.map((item) => (
              <Row key={item._id} item={item} me={me} now={now} />
            ))}
          </ul>
        )}

        {list.hasNextPage ? (
          <div className="care-more">
            <Button
              variant="secondary"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Load more
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
