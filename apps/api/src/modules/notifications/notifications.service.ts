import type {
  NotificationPreferencesAnswer,
  NotificationsPage,
  NotificationsQuery,
  ReadAllResult,
} from '@portal/domain/notifications/contracts';
import { type NotificationPreferences, resolvePreferences } from '@portal/domain/notifications/preferences';
import { Errors } from '../../platform/errors';
import { type NotificationsRepository, toNotification } from './notifications.repository';
import { decodeCursor, encodeCursor } from './page-cursor';

/** The patient's notifications (001 §2, §4, §7) and where they reach the patient. */
export function createNotificationsService(deps: { repo: NotificationsRepository; now?: () => Date }) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * One page, newest first, with the paging flags of 001 §3, the unread count and the next page's cursor.
     * Counts are one counter row; a page is a range read of the patient's index (after a cursor) or an
     * index-only skip (by page number), so a patient with 10,000 notifications waits no longer than one
     * with 10. One row beyond the page tells whether another follows.
     */
    async page(userId: string, query: NotificationsQuery): Promise<NotificationsPage> {
      const read = query.read === undefined ? undefined : query.read === 'true';
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      const [counts, rows] = await Promise.all([
        repo.counts(userId),
        repo.page(userId, {
          limit: query.limit + 1,
          read,
          after,
          offset: after ? undefined : (query.page - 1) * query.limit,
        }),
      ]);
      const totalDocs =
        read === undefined ? counts.total : read ? counts.total - counts.unread : counts.unread;
      const totalPages = Math.max(1, Math.ceil(totalDocs / query.limit));
      const hasNextPage = rows.length > query.limit;
      const docs = rows.slice(0, query.limit);
      const last = docs.at(-1);
      return {
        docs: docs.map(toNotification),
        page: query.page,
        totalPages,
        totalDocs,
        hasNextPage,
        hasPrevPage: query.page > 1 || after !== undefined,
        unread: counts.unread,
        next_cursor: hasNextPage && last ? encodeCursor({ at: last.position, id: last.id }) : null,
      };
    },

    /** Only the caller's own notification: another patient's answers 404 like an unknown one. */
    async markRead(userId: string, id: string) {
      const row = await repo.markRead(id, userId, now());
      if (!row) throw Errors.notFound('The notification');
      return toNotification(row);
    },

    async markAllRead(userId: string): Promise<ReadAllResult> {
      const updated = await repo.markAllRead(userId, now());
      return { updated, unread: await repo.unreadCount(userId) };
    },

    async preferences(userId: string): Promise<NotificationPreferencesAnswer> {
      const patient = await repo.patientExists(userId);
      if (!patient) throw Errors.notFound('The patient');
      return {
        preferences: resolvePreferences(await repo.storedPreferences(userId)),
        sms_available: patient.mobileVerified && Boolean(patient.mobileNumber),
      };
    },

    async savePreferences(
      userId: string,
      preferences: NotificationPreferences,
    ): Promise<NotificationPreferencesAnswer> {
      const patient = await repo.patientExists(userId);
      if (!patient) throw Errors.notFound('The patient');
      await repo.savePreferences(userId, resolvePreferences(preferences));
      return this.preferences(userId);
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
