import type { NotificationCategory } from './categories';

/** The message of the notification that opens the lab report itself (001 §4). */
export const LAB_RESULTS_READY = 'Lab Results are now ready';

/**
 * Where clicking a notification goes (001 §4): visit and order to orders; lab to labs; message to messages;
 * welcome to the profile; subscription to subscriptions; payment to billing settings; 'Lab Results are now
 * ready' with a report to that report's analysis. Appointments (a category the table does not give) open the
 * appointments page.
 */
export function notificationDestination(
  notification: { category: NotificationCategory; message: string; data?: { reportId?: string | undefined } },
  userId: string,
): string {
  const base = `/dashboard/${encodeURIComponent(userId)}`;
  const reportId = notification.data?.reportId;
  if (notification.message === LAB_RESULTS_READY && reportId) {
    return `${base}/lab-analysis/${encodeURIComponent(reportId)}`;
  }
  switch (notification.category) {
    case 'visit':
    case 'order':
      return '/orders';
    case 'lab':
      return `${base}/labs`;
    case 'message':
      return `${base}/messages`;
    case 'welcome':
      return `${base}/profile`;
    case 'subscription':
      return `${base}/subscriptions`;
    case 'payment':
      return `${base}/settings/billing`;
    case 'appointments':
      return `${base}/appointments`;
  }
}
