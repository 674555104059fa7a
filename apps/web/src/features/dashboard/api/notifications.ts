import { apiRequest, seg } from '../../../lib/api-client';

/** The fields of a notification the dashboard reads (001 §3 Notification). */
export interface DashboardNotification {
  _id: string;
  read: boolean;
  category: string;
  message: string;
  created_at: string;
}

export interface UnreadNotifications {
  docs: DashboardNotification[];
  /** The patient's unread count; the page's own total when the answer gives none. */
  unread: number;
}

/** Enough to find the unread welcome notification among the newest unread ones. */
const PAGE_LIMIT = 50;

/** GET /v2/notifications (001 §7) of the unread ones: the dashboard's unread count and welcome notice. */
export async function getUnreadNotifications(signal?: AbortSignal): Promise<UnreadNotifications> {
  const page = await apiRequest<{ docs?: DashboardNotification[]; unread?: number; totalDocs?: number }>(
    '/v2/notifications',
    { query: { page: 1, limit: PAGE_LIMIT, read: 'false' }, signal },
  );
  const docs = (page?.docs ?? []).filter((n) => !n.read);
  return { docs, unread: page?.unread ?? page?.totalDocs ?? docs.length };
}

/** The query the bell and notifications page share the prefix of, so marking read anywhere refreshes it. */
export const unreadNotificationsQueryKey = ['notifications', 'dashboard-unread'] as const;

/** POST /v2/notifications/{id}/read (001 §7). */
export async function markNotificationRead(id: string): Promise<void> {
  await apiRequest<unknown>(`/v2/notifications/${seg(id)}/read`, { method: 'POST' });
}
