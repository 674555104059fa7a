import { BELL_PAGE_SIZE } from '@portal/domain/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import {
  flattenPages,
  notificationsInfiniteOptions,
  unreadOf,
  useMarkAllNotificationsRead,
} from '../../../api/notifications';
import { useSessionUser } from '../../../lib/session';
import { useOpenNotification } from '../lib/use-open-notification';
import { useSentinel } from '../lib/use-sentinel';
import { NotificationItem } from './notification-item';
import './notifications.css';

/** Closes the dropdown on Escape (focus back on the bell) and on a press outside it. */
function useDismissOnOutside(
  open: boolean,
  close: () => void,
  container: React.RefObject<HTMLElement | null>,
  button: React.RefObject<HTMLButtonElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close, container, button]);
}

/**
 * The header's notification bell (001 §2 Bell widget): a dot while anything is unread; its dropdown lists
 * the unread notifications 5 at a time (pages of 10 are fetched as the list scrolls), with Mark all as read,
 * Manage Notifications and View All. Load failures are only logged.
 */
export function NotificationBell() {
  const user = useSessionUser();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(BELL_PAGE_SIZE);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const panelId = useId();
  const hintId = useId();
  const { pathname } = useLocation();

  const query = useInfiniteQuery({ ...notificationsInfiniteOptions('unread'), enabled: Boolean(user) });
  const { data, error, hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query;
  const markAll = useMarkAllNotificationsRead();
  const close = useCallback(() => setOpen(false), []);
  const openNotification = useOpenNotification(close);
  useDismissOnOutside(open, close, containerRef, buttonRef);

  useEffect(() => {
    if (error) console.warn('Notifications could not be loaded');
  }, [error]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the page changes
  useEffect(() => close(), [pathname, close]);
  useEffect(() => {
    if (!open) setShown(BELL_PAGE_SIZE);
  }, [open]);

  const items = flattenPages(data).filter((n) => !n.read);
  const unread = unreadOf(data);
  const visible = items.slice(0, shown);

  const showMore = useCallback(() => {
    setShown((count) => count + BELL_PAGE_SIZE);
    if (shown + BELL_PAGE_SIZE > items.length && hasNextPage) void fetchNextPage();
  }, [shown, items.length, hasNextPage, fetchNextPage]);
  const sentinel = useSentinel(showMore, {
    enabled: open && !isFetchingNextPage && !isError && (shown < items.length || Boolean(hasNextPage)),
    root: scroller,
  });

  if (!user) return null;
  const now = new Date();

  return (
    <div className="notification-bell" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="notification-bell__button"
        aria-label="Notifications"
        aria-expanded={open}
        aria-controls={panelId}
        aria-describedby={unread > 0 ? hintId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <svg
          viewBox="0 0 24 24"
          width="22"
          height="22"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 ? <span className="notification-bell__dot" data-testid="notification-dot" /> : null}
      </button>
      {unread > 0 ? (
        <span id={hintId} className="ui-visually-hidden">
          You have unread notifications
        </span>
      ) : null}

      <section
        id={panelId}
        className="notification-bell__panel"
        aria-label="Unread notifications"
        hidden={!open}
      >
        <div className="notification-bell__scroller" ref={setScroller}>
          {visible.length > 0 ? (
            <ul className="notifications-list notifications-list--compact">
              {visible.map((n) => (
                <NotificationItem key={n._id} notification={n} now={now} onOpen={openNotification} />
              ))}
            </ul>
          ) : data || isError ? (
            <p className="notification-bell__empty">You're all caught up!</p>
          ) : null}
          <div ref={sentinel} className="notification-bell__sentinel" />
        </div>
        <div className="notification-bell__actions">
          <button
            type="button"
            className="notification-bell__action"
            disabled={unread === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            Mark all as read
          </button>
          <Link
            className="notification-bell__action"
            to={`/dashboard/${encodeURIComponent(user._id)}/settings/notifications`}
          >
            Manage Notifications
          </Link>
          <Link className="notification-bell__action notification-bell__action--primary" to="/notifications">
            View All
          </Link>
        </div>
      </section>
    </div>
  );
}
