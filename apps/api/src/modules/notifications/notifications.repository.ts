import type { NotificationCategory } from '@portal/domain/notifications/categories';
import type { Notification } from '@portal/domain/notifications/contracts';
import type { NotificationPreferences } from '@portal/domain/notifications/preferences';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { RowOf } from '../../db/row-of';
import { type NotificationData, notificationPreferences, notifications } from '../../db/schema/notifications';
import { organizations } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';

const columns = {
  id: notifications.id,
  category: notifications.category,
  message: notifications.message,
  data: notifications.data,
  read: notifications.read,
  createdAt: notifications.createdAt,
};
export type NotificationRow = RowOf<typeof columns>;

export function toNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    read: row.read,
    created_at: row.createdAt.toISOString(),
    message: row.message,
    category: row.category,
    data: row.data as Notification['data'],
  };
}

export type NewNotification = {
  category: NotificationCategory;
  message: string;
  data?: NotificationData;
};

const unreadOf = (userId: string) => and(eq(notifications.userId, userId), sql`not ${notifications.read}`);

/**
 * The patient's notifications. Reads go through notifications_user_id_created_at_idx (user_id, created_at
 * desc) and, for unread ones, the partial index on `not read`; the `not read` predicate is written exactly as
 * that index's so the planner can use it.
 */
export function createNotificationsRepository(db: Db) {
  return {
    /** One page, newest first; id breaks ties between notifications created in the same instant. */
    async page(userId: string, opts: { offset: number; limit: number; read?: boolean | undefined }) {
      const filter =
        opts.read === undefined
          ? eq(notifications.userId, userId)
          : opts.read
            ? and(eq(notifications.userId, userId), eq(notifications.read, true))
            : unreadOf(userId);
      return db
        .select(columns)
        .from(notifications)
        .where(filter)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(opts.limit)
        .offset(opts.offset);
    },

    /** All and unread in one pass over the patient's index entries. */
    async counts(userId: string): Promise<{ total: number; unread: number }> {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          unread: sql<number>`(count(*) filter (where not ${notifications.read}))::int`,
        })
        .from(notifications)
        .where(eq(notifications.userId, userId));
      return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) };
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(unreadOf(userId));
      return Number(row?.n ?? 0);
    },

    /** Marks the patient's own notification read; undefined when it is not theirs (or does not exist). */
    async markRead(id: string, userId: string, at: Date): Promise<NotificationRow | undefined> {
      await db
        .update(notifications)
        .set({ read: true, readAt: at })
        .where(
          and(eq(notifications.id, id), eq(notifications.userId, userId), sql`not ${notifications.read}`),
        );
      const [row] = await db
        .select(columns)
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
      return row;
    },

    async markAllRead(userId: string, at: Date): Promise<number> {
      const updated = await db
        .update(notifications)
        .set({ read: true, readAt: at })
        .where(unreadOf(userId))
        .returning({ id: notifications.id });
      return updated.length;
    },

    async insert(userId: string, organizationId: string, n: NewNotification): Promise<string> {
      const [row] = await db
        .insert(notifications)
        .values({ userId, organizationId, category: n.category, message: n.message, data: n.data ?? {} })
        .returning({ id: notifications.id });
      return row!.id;
    },

    async storedPreferences(userId: string) {
      const [row] = await db
        .select({ preferences: notificationPreferences.preferences })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
      return row?.preferences ?? null;
    },

    async savePreferences(userId: string, preferences: NotificationPreferences): Promise<void> {
      await db
        .insert(notificationPreferences)
        .values({ userId, preferences })
        .onConflictDoUpdate({
          target: notificationPreferences.userId,
          set: { preferences, updatedAt: new Date() },
        });
    },

    /** Whom to reach and from which clinic: the e-mail, the mobile number and the portal's public address. */
    async recipient(userId: string) {
      const [row] = await db
        .select({
          email: users.email,
          firstName: users.firstName,
          mobileNumber: users.mobileNumber,
          mobileVerified: users.mobileVerified,
          organizationId: users.organizationId,
          appUrl: organizations.appUrl,
          organizationName: organizations.name,
          settings: organizations.settings,
          preferences: notificationPreferences.preferences,
        })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.organizationId))
        .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
        .where(eq(users.id, userId));
      return row;
    },

    async patientExists(
      userId: string,
    ): Promise<{ mobileNumber: string | null; mobileVerified: boolean } | undefined> {
      const [row] = await db
        .select({ mobileNumber: users.mobileNumber, mobileVerified: users.mobileVerified })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
