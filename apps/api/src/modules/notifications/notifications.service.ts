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

/**
 * Which rows a page reads: one beyond the page, to tell whether another follows. A page by number in the
 * older half of the list is counted from the oldest end, so the skip never walks more than half the list
 * (the last page of 10,000 costs what the first does).
 */
function window(query: NotificationsQuery, matching: number) {
  const start = (query.page - 1) * query.limit;
  if (start <= matching / 2 || start >= matching) return { limit: query.limit + 1, offset: start };
  const end = Math.min(start + query.limit + 1, matching);
  return { limit: end - start, offset: matching - end, fromOldest: true };
}

/** The patient's notifications (001 §2, §4, §7) and where they reach the patient. */
export function createNotificationsService(deps: { repo: NotificationsRepository; now?: () => Date }) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * One page, newest first, with the paging flags of 001 §3, the unread count and the next page's cursor.
     * Counts are one counter row; a page is a range read of the patient's index (after a cursor) or an
     * index-only skip from the nearer end (by page number), so a patient with 10,000 notifications waits no
     * longer than one with 10.
     */
    async page(userId: string, query: NotificationsQuery): Promise<NotificationsPage> {
      const read = query.read === undefined ? undefined : query.read === 'true';
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      // after a cursor and on the first page the rows do not depend on the counts: both reads at once
      const direct = after !== undefined || query.page === 1;
      const [counts, directRows] = await Promise.all([
        repo.counts(userId),
        direct ? repo.page(userId, { read, after, limit: query.limit + 1 }) : undefined,
      ]);
      const totalDocs =
        read === undefined ? counts.total : read ? counts.total - counts.unread : counts.unread;
      const rows = directRows ?? (await repo.page(userId, { read, ...window(query, totalDocs) }));
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

    /** One notification (its detail page); the access check has let only its patient or their clinic's staff in. */
    async one(id: string) {
      const row = await repo.byId(id);
      if (!row) throw Errors.notFound('The notification');
      return toNotification(row);
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
