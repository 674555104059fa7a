import { NOTIFICATIONS_SCROLL_DELAY_MS } from '@portal/domain/constants';
import { groupBySection } from '@portal/domain/notifications/sections';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState } from 'react';
import {
  flattenPages,
  type NotificationFilter,
  notificationsInfiniteOptions,
  unreadOf,
  useMarkAllNotificationsRead,
} from '../../../api/notifications';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useSessionUser } from '../../../lib/session';
import { NotificationItem } from '../components/notification-item';
import { useOpenNotification } from '../lib/use-open-notification';
import { useSentinel } from '../lib/use-sentinel';
import '../components/notifications.css';

const FILTERS: { key: NotificationFilter; label: string }[] = [
  { key: 'all', label: 'All' },
  { key: 'unread', label: 'Unread' },
];

/** 'notification' or 'notifications' after a count. */
const notificationsWord = (n: number) => (n === 1 ? 'notification' : 'notifications');

/**
 * The notifications page (001 §2): the unread count (its number filters to Unread), Mark all as read, the
 * All and Unread filters, sections by age and infinite scroll. Load failures are only logged, and then the
 * scroll ends.
 */
export default function NotificationsPage() {
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const query = useInfiniteQuery(notificationsInfiniteOptions(filter));
  const { data, error, hasNextPage, isFetchingNextPage, fetchNextPage, isPending, isError } = query;
  const markAll = useMarkAllNotificationsRead();
  const open = useOpenNotification();
  const headingId = useId();
  const user = useSessionUser();
  const detailsOf = (id: string) =>
    user ? `/dashboard/${encodeURIComponent(user._id)}/notifications/${encodeURIComponent(id)}` : undefined;

  useEffect(() => {
    if (error) console.warn('Notifications could not be loaded');
  }, [error]);

  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const sentinel = useSentinel(loadMore, {
    enabled: Boolean(hasNextPage) && !isFetchingNextPage && !isError,
    delayMs: NOTIFICATIONS_SCROLL_DELAY_MS,
  });

  const items = flattenPages(data);
  const unread = unreadOf(data);
  const now = new Date();
  const groups = groupBySection(items, now);
  const ended = !isPending && (!hasNextPage || isError);

  return (
    <section className="notifications-page" aria-labelledby={headingId}>
      <header className="notifications-page__header">
        <h1 className="notifications-page__title" id={headingId}>
          Notifications
        </h1>
        {data ? (
          <div className="notifications-page__summary">
            <p className="notifications-page__count">
              You have{' '}
              <button
                type="button"
                className="notifications-page__count-link"
                aria-label={`${unread} unread, show unread notifications only`}
                onClick={() => setFilter('unread')}
              >
                {unread}
              </button>{' '}
              unread {notificationsWord(unread)}
            </p>
            {unread > 0 ? (
              <Button variant="ghost" size="sm" loading={markAll.isPending} onClick={() => markAll.mutate()}>
                Mark all as read
              </Button>
            ) : null}
          </div>
        ) : null}
        <fieldset className="notifications-filters">
          <legend className="ui-visually-hidden">Filter notifications</legend>
          {FILTERS.map((f) => (
            <button
              key={f.key}
              type="button"
              className="notifications-filters__button"
              aria-pressed={filter === f.key}
              onClick={() => setFilter(f.key)}
            >
              {f.label}
            </button>
          ))}
        </fieldset>
      </header>

      {isPending ? (
        <div className="notifications-page__loading">
          <Spinner label="Loading notifications" />
        </div>
      ) : null}

      {groups.map((group) => (
        <section
          key={group.section}
          className="notifications-section"
          aria-labelledby={`${headingId}-${group.section.replaceAll(' ', '-')}`}
        >
          <h2
            className="notifications-section__title"
            id={`${headingId}-${group.section.replaceAll(' ', '-')}`}
          >
            {group.section}
          </h2>
          <ul className="notifications-list">
            {group.items.map((n) => (
              <NotificationItem
                key={n._id}
                notification={n}
                now={now}
                onOpen={open}
                detailsTo={detailsOf(n._id)}
              />
            ))}
          </ul>
        </section>
      ))}

      <div ref={sentinel} className="notifications-page__sentinel" />
      {isFetchingNextPage ? (
        <div className="notifications-page__loading">
          <Spinner label="Loading more notifications" />
        </div>
      ) : null}
      {ended && !(isError && items.length === 0) ? (
        <p className="notifications-page__end" role="status">
          {items.length > 0 ? 'End of notifications' : "You're all caught up."}
        </p>
      ) : null}
    </section>
  );
}
