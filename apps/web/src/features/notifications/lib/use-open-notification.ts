import { notificationDestination } from '@portal/domain/notifications/destination';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { type Notification, useMarkNotificationRead } from '../../../api/notifications';
import { useSessionUser } from '../../../lib/session';

/**
 * Clicking a notification (001 §4): an unread one is marked read first, then the patient goes to its
 * category's page. A failed mark is only logged: the patient still reaches the page.
 */
export function useOpenNotification(after?: () => void) {
  const navigate = useNavigate();
  const user = useSessionUser();
  const markRead = useMarkNotificationRead();
  return useCallback(
    async (notification: Notification) => {
      if (!notification.read) {
        try {
          await markRead.mutateAsync(notification._id);
        } catch {
          console.warn('Marking a notification read failed');
        }
      }
      after?.();
      if (user) void navigate(notificationDestination(notification, user._id));
    },
    [markRead, navigate, user, after],
  );
}
