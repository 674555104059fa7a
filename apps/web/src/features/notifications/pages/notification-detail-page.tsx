import { isObjectId } from '@portal/domain/ids';
import { CATEGORY_LABELS, type NotificationCategory } from '@portal/domain/notifications/categories';
import { LAB_RESULTS_READY, notificationDestination } from '@portal/domain/notifications/destination';
import { relativeTime } from '@portal/domain/notifications/relative-time';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import {
  type Notification,
  notificationQueryOptions,
  useMarkNotificationRead,
} from '../../../api/notifications';
import {
  type BackTo,
  DetailFacts,
  DetailFrame,
  DetailLoadError,
  DetailLoading,
  DetailNotFound,
} from '../../../components/detail-page/detail-page';
import { CategoryIcon } from '../../../components/notification-icon/category-icon';
import { buttonClassName } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-error';
import { useSessionUser } from '../../../lib/session';
import './notification-detail.css';

export const NOTIFICATION_NOT_FOUND = 'We could not find this notification.';
export const NOTIFICATION_NOT_FOUND_TEXT =
  'It may have been removed, or the link may be mistyped. Your other notifications are all on the notifications page.';
export const NOTIFICATION_LOAD_ERROR = 'We could not load this notification. Please try again.';

const BACK: BackTo = { to: '/notifications', label: 'Back to notifications' };

/** What the link to the notification's target says, by the page it opens (001 §4 destinations). */
const TARGET_TEXT: Record<NotificationCategory, string> = {
  visit: 'View your orders',
  order: 'View your orders',
  lab: 'View your labs',
  message: 'Open your messages',
  welcome: 'Go to your dashboard',
  subscription: 'View your subscriptions',
  payment: 'Open billing settings',
  appointments: 'View your appointments',
};

const WHEN = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * /dashboard/{userId}/notifications/{id} (002 §2.1): one notification in full, with its date and a link to
 * the page it is about. Opening it marks it read, as clicking it in the list does (001 §4).
 */
export default function NotificationDetailPage() {
  const { id = '' } = useParams();
  const valid = isObjectId(id);
  const query = useQuery({ ...notificationQueryOptions(id), enabled: valid });

  if (!valid)
    return <DetailNotFound back={BACK} title={NOTIFICATION_NOT_FOUND} text={NOTIFICATION_NOT_FOUND_TEXT} />;
  if (query.isPending) return <DetailLoading back={BACK} label="Loading the notification" />;
  if (query.isError) {
    if (query.error instanceof ApiError && [403, 404].includes(query.error.status))
      return <DetailNotFound back={BACK} title={NOTIFICATION_NOT_FOUND} text={NOTIFICATION_NOT_FOUND_TEXT} />;
    return (
      <DetailLoadError
        back={BACK}
        title="Notification"
        text={NOTIFICATION_LOAD_ERROR}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <Details notification={query.data} />;
}

function Details({ notification }: { notification: Notification }) {
  const user = useSessionUser();
  const markRead = useMarkNotificationRead();
  const asked = useRef<string | null>(null);
  const { _id: id, read } = notification;
  const { mutate } = markRead;

  useEffect(() => {
    // once per notification: the refetch after the read must not ask again
    if (read || asked.current === id) return;
    asked.current = id;
    mutate(id, { onError: () => console.warn('Marking a notification read failed') });
  }, [id, read, mutate]);

  const created = new Date(notification.created_at);
  const target = user ? notificationDestination(notification, user._id) : null;
  const targetText =
    notification.message === LAB_RESULTS_READY && notification.data.reportId
      ? 'View your lab results'
      : TARGET_TEXT[notification.category];

  return (
    <DetailFrame back={BACK} labelledBy="notification-detail-title">
      <h1 className="detail-page__title" id="notification-detail-title">
        Notification
      </h1>
      <article className="detail-page__card notification-detail">
        <div className="notification-detail__head">
          <CategoryIcon category={notification.category} />
          <p className="notification-detail__category">{CATEGORY_LABELS[notification.category]}</p>
        </div>
        <p className="notification-detail__message">{notification.message}</p>
        <DetailFacts
          facts={[
            [
              'Received',
              <time key="at" dateTime={notification.created_at}>
                {WHEN.format(created)} ({relativeTime(notification.created_at, new Date())})
              </time>,
            ],
          ]}
        />
        {target ? (
          <div className="detail-page__actions">
            <Link className={buttonClassName({})} to={target}>
              {targetText}
            </Link>
          </div>
        ) : null}
      </article>
    </DetailFrame>
  );
}
