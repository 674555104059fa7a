import type {
  NotificationPreferencesAnswer,
  NotificationsPage,
  NotificationsQuery,
  ReadAllResult,
} from '@portal/domain/notifications/contracts';
import { type NotificationPreferences, resolvePreferences } from '@portal/domain/notifications/preferences';
import { Errors } from '../../platform/errors';
import { type NotificationsRepository, toNotification } from './notifications.repository';

/** The patient's notifications (001 §2, §4, §7) and where they reach the patient. */
export function createNotificationsService(deps: { repo: NotificationsRepository; now?: () => Date }) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * One page, newest first, with the paging flags of 001 §3 and the unread count. Offset paging: the page
     * numbers are the contract, and an offset walk of the (user_id, created_at desc) index stays in the
     * milliseconds even at the 1,000th page of a patient with 10,000 notifications.
     */
    async page(userId: string, query: NotificationsQuery): Promise<NotificationsPage> {
      const read = query.read === undefined ? undefined : query.read === 'true';
      const [counts, rows] = await Promise.all([
        repo.counts(userId),
        repo.page(userId, { offset: (query.page - 1) * query.limit, limit: query.limit, read }),
      ]);
      const totalDocs =
        read === undefined ? counts.total : read ? counts.total - counts.unread : counts.unread;
      const totalPages = Math.max(1, Math.ceil(totalDocs / query.limit));
      return {
        docs: rows.map(toNotification),
        page: query.page,
        totalPages,
        totalDocs,
        hasNextPage: query.page < totalPages,
        hasPrevPage: query.page > 1,
        unread: counts.unread,
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
