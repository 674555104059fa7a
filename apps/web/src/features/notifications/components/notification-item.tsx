import { relativeTime } from '@portal/domain/notifications/relative-time';
import type { Notification } from '../../../api/notifications';
import { CategoryIcon } from '../../../components/notification-icon/category-icon';

/**
 * One notification (001 §2): category icon, message, read dot and relative time. The whole row is one
 * button: clicking marks it read (if unread) and opens its destination.
 */
export function NotificationItem({
  notification,
  now,
  onOpen,
}: {
  notification: Notification;
  now: Date;
  onOpen: (notification: Notification) => void;
}) {
  const unread = !notification.read;
  return (
    <li className={`notification-item${unread ? ' notification-item--unread' : ''}`}>
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
    </li>
  );
}
