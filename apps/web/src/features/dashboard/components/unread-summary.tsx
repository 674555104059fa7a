import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  markNotificationRead,
  notificationKeys,
  unreadNotificationsQueryOptions,
} from '../../../api/notifications';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

function useUnreadNotifications() {
  return useQuery(unreadNotificationsQueryOptions());
}

const notificationsWord = (n: number) => (n === 1 ? 'notification' : 'notifications');

/** The unread-count line (001 §2), worded like the notifications page; the count leads to that page. */
export function UnreadLine() {
  const { data } = useUnreadNotifications();
  // the line's place is held while the count loads, so the widgets below do not move when it arrives
  if (!data) return <p className="dashboard__unread-placeholder" aria-hidden="true" />;
  const word = notificationsWord(data.unread);
  return (
    <p className="dashboard__unread">
      You have{' '}
      <Link className="ui-link" to="/notifications" aria-label={`View ${data.unread} unread ${word}`}>
        {data.unread}
      </Link>{' '}
      unread {word}
    </p>
  );
}

/**
 * The visit-complete modal (001 §2): shown while an unread welcome notification exists. Continue marks that
 * notification read; closing it otherwise only hides it until the next visit of the dashboard.
 */
export function VisitCompleteModal() {
  const queryClient = useQueryClient();
  const { data } = useUnreadNotifications();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const welcome = data?.docs.find((n) => n.category === 'welcome' && !n.read) ?? null;
  const markRead = useMutation({
    mutationFn: (id: string) => markNotificationRead(id),
    onSettled: async (_data, _error, id) => {
      setDismissed(id);
      await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
  const open = welcome !== null && welcome._id !== dismissed;
  return (
    <Modal
      open={open}
      onClose={() => welcome && setDismissed(welcome._id)}
      eyebrow={<span className="dashboard__badge">Visit complete</span>}
      title="Your visit is complete"
      actions={
        <Button loading={markRead.isPending} onClick={() => welcome && markRead.mutate(welcome._id)}>
          Continue
        </Button>
      }
    >
      <p>{welcome?.message}</p>
    </Modal>
  );
}
