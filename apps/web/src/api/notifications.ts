import { NOTIFICATIONS_PAGE_SIZE } from '@portal/domain/constants';
import type {
  Notification,
  NotificationPreferencesAnswer,
  NotificationPreferencesBody,
  NotificationsPage,
  ReadAllResult,
} from '@portal/domain/notifications/contracts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest, seg } from '../lib/api-client';
import { UNREAD_NOTIFICATIONS_QUERY } from './dashboard-reads';
import { NOTIFICATIONS_PATH } from './shell-reads';

export type { Notification, NotificationsPage };
export type NotificationFilter = 'all' | 'unread';

/**
 * Query keys of everything that shows notifications. They share the ['notifications'] prefix (the dashboard's
 * unread line uses ['notifications', 'dashboard-unread']), so invalidating `notificationKeys.all` after a
 * read refreshes the bell, the page and the dashboard together.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: ['notifications', 'list'] as const,
  /** The pages of one filter; the bell reads the same 'unread' list as the page's Unread filter. */
  list: (filter: NotificationFilter) => ['notifications', 'list', filter] as const,
  /** The dashboard's unread count and welcome notice. */
  dashboardUnread: ['notifications', 'dashboard-unread'] as const,
  preferences: (userId: string) => ['notification-preferences', userId] as const,
  /** One notification's detail page; refreshed with the rest after a read. */
  detail: (id: string) => ['notifications', 'detail', id] as const,
};

/** Which page to load: its number, and after the first the cursor where the page before ended. */
export type NotificationsPageParam = { page: number; cursor?: string | undefined };

/** The query of GET /v2/notifications: read=false for the unread ones, cursor for the pages after the first. */
type NotificationsQuery = { page: number; limit: number; read?: 'false'; cursor?: string };

/** GET /v2/notifications (001 §7): one page, newest first. */
function getNotifications(query: NotificationsQuery, signal?: AbortSignal): Promise<NotificationsPage> {
  return apiRequest<NotificationsPage>(NOTIFICATIONS_PATH, { query, signal });
}

/**
 * One page of 10 of a list; pages after the first start from the previous page's next_cursor, so a read on
 * screen never shifts the next page.
 */
export function getNotificationsPage(
  param: NotificationsPageParam,
  filter: NotificationFilter,
  signal?: AbortSignal,
): Promise<NotificationsPage> {
  return getNotifications(
    {
      page: param.page,
      limit: NOTIFICATIONS_PAGE_SIZE,
      ...(filter === 'unread' ? { read: 'false' as const } : {}),
      ...(param.cursor ? { cursor: param.cursor } : {}),
    },
    signal,
  );
}

export function notificationsInfiniteOptions(filter: NotificationFilter) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(filter),
    queryFn: ({ pageParam, signal }) => getNotificationsPage(pageParam, filter, signal),
    initialPageParam: { page: 1 } as NotificationsPageParam,
    getNextPageParam: (last): NotificationsPageParam | undefined =>
      last.hasNextPage && last.next_cursor ? { page: last.page + 1, cursor: last.next_cursor } : undefined,
    staleTime: 30_000,
  });
}

/** The loaded notifications of an infinite query, once each (a page boundary can shift after a read). */
export function flattenPages(data: InfiniteData<NotificationsPage> | undefined): Notification[] {
  const seen = new Set<string>();
  const list: Notification[] = [];
  for (const page of data?.pages ?? []) {
    for (const doc of page.docs) {
      if (seen.has(doc._id)) continue;
      seen.add(doc._id);
      list.push(doc);
    }
  }
  return list;
}

/** The patient's unread count, from the first loaded page of a list. */
export const unreadOf = (data: InfiniteData<NotificationsPage> | undefined): number =>
  data?.pages[0]?.unread ?? 0;

/** GET /v2/notifications/{id}: one notification (its detail page); reading it does not mark it read. */
export function notificationQueryOptions(id: string) {
  return queryOptions({
    queryKey: notificationKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Notification>(`/v2/notifications/${seg(id)}`, { signal }),
  });
}

/** POST /v2/notifications/{id}/read. */
export function markNotificationRead(id: string): Promise<Notification> {
  return apiRequest<Notification>(`/v2/notifications/${seg(id)}/read`, { method: 'POST' });
}

/** POST /v2/notifications/read-all. */
export function markAllNotificationsRead(): Promise<ReadAllResult> {
  return apiRequest<ReadAllResult>('/v2/notifications/read-all', { method: 'POST' });
}

/** Shows the reads at once in every loaded list, before the server's answer refreshes them. */
function markReadInCache(client: QueryClient, ids: 'all' | string) {
  client.setQueriesData<InfiniteData<NotificationsPage>>({ queryKey: notificationKeys.lists }, (data) => {
    if (!data) return data;
    let newlyRead = 0;
    const pages = data.pages.map((page) => ({
      ...page,
      docs: page.docs.map((doc) => {
        if (doc.read || (ids !== 'all' && doc._id !== ids)) return doc;
        newlyRead += 1;
        return { ...doc, read: true };
      }),
    }));
    const unread = ids === 'all' ? 0 : Math.max(0, (data.pages[0]?.unread ?? 0) - Math.min(newlyRead, 1));
    return { ...data, pages: pages.map((p) => ({ ...p, unread })) };
  });
}

export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => markReadInCache(client, id),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => markReadInCache(client, 'all'),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** GET /v2/users/{id}/notification-preferences. */
export function preferencesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: notificationKeys.preferences(userId),
    queryFn: ({ signal }) =>
      apiRequest<NotificationPreferencesAnswer>(`/v2/users/${seg(userId)}/notification-preferences`, {
        signal,
      }),
  });
}

/** PUT /v2/users/{id}/notification-preferences. */
export function savePreferences(
  userId: string,
  preferences: NotificationPreferencesBody,
): Promise<NotificationPreferencesAnswer> {
  return apiRequest<NotificationPreferencesAnswer>(`/v2/users/${seg(userId)}/notification-preferences`, {
    method: 'PUT',
    body: preferences,
  });
}

export interface UnreadNotifications {
  docs: Notification[];
  /** The patient's unread count; the page's own total when the answer gives none. */
  unread: number;
}

/** The unread notifications (001 §7): the dashboard's unread count and welcome notice. */
export async function getUnreadNotifications(signal?: AbortSignal): Promise<UnreadNotifications> {
  const page = await getNotifications(UNREAD_NOTIFICATIONS_QUERY, signal);
  const docs = (page?.docs ?? []).filter((n) => !n.read);
  return { docs, unread: page?.unread ?? page?.totalDocs ?? docs.length };
}

export function unreadNotificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.dashboardUnread,
    queryFn: ({ signal }) => getUnreadNotifications(signal),
  });
}
