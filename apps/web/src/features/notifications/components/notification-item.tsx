import { relativeTime } from '@portal/domain/notifications/relative-time';
import { Link } from 'react-router';
import type { Notification } from '../../../api/notifications';
import { CategoryIcon } from '../../../components/notification-icon/category-icon';
import './notification-item-details.css';

/**
 * One notification (001 §2): category icon, message, read dot and relative time. The whole row is one
 * button: clicking marks it read (if unread) and opens its destination. With `detailsTo` (the notifications
 * page) a Details link beside it opens the notification's own page.
 */
export function NotificationItem({
  notification,
  now,
  onOpen,
  detailsTo,
}: {
  notification: Notification;
  now: Date;
  onOpen: (notification: Notification) => void;
  detailsTo?: string | undefined;
}) {
  const unread = !notification.read;
  return (
    <li
      className={`notification-item${unread ? ' notification-item--unread' : ''}${detailsTo ? ' notification-item--with-details' : ''}`}
    >
      <button type="button" className="notification-item__button" onClick={() => onOpen(notification)}>
        <CategoryIcon category={notification.category} />
        <span className="notification-item__body">
          <span className="notification-item__message">{notification.message}</span>
          <time className="notification-item__time" dateTime={notification.created_at}>
            {relativeTime(notification.created_at, now)}
          </time>
        </span>
        <span
          className={`notification-item__dot${unread ? '' : ' notification-item__dot--read'}`}
          aria-hidden="true"
        />
        <span className="ui-visually-hidden">{unread ? ', unread' : ', read'}</span>
      </button>
      {detailsTo ? (
        <Link className="notification-item__details" to={detailsTo}>
          {/* the space sits outside the hidden span, where name computation keeps it */}
          Details <span className="ui-visually-hidden">of “{notification.message}”</span>
        </Link>
      ) : null}
    </li>
  );
}
