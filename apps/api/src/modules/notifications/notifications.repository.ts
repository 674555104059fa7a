import type { NotificationCategory } from '@portal/domain/notifications/categories';
import type { Notification } from '@portal/domain/notifications/contracts';
import type { NotificationPreferences } from '@portal/domain/notifications/preferences';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { RowOf } from '../../db/row-of';
import {
  type NotificationData,
  notificationCounters,
  notificationPreferences,
  notifications,
} from '../../db/schema/notifications';
import { organizations } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import type { PagePosition } from './page-cursor';

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

const ID = /^[0-9a-f]{24}$/i;

const unreadOf = (userId: string) => and(eq(notifications.userId, userId), sql`not ${notifications.read}`);

const newestFirst = [desc(notifications.createdAt), desc(notifications.id)];
const oldestFirst = [asc(notifications.createdAt), asc(notifications.id)];

/** The position of a row, to the microsecond, for the next page's cursor. */
const positionAt = sql<string>`to_char(${notifications.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export type PageRequest = {
  limit: number;
  read?: boolean | undefined;
  /** Either right after a position (a cursor) or after skipping some rows (a page number). */
  after?: PagePosition | undefined;
  offset?: number | undefined;
  /** Skip `offset` rows from the oldest end instead (the page still comes newest first). */
  fromOldest?: boolean | undefined;
};

/**
 * The patient's notifications. Pages walk notifications_user_id_created_at_id_idx (user_id, created_at desc,
 * id desc) or, for unread ones, the partial index on `not read`, whose predicate is written exactly as the
 * index's so the planner can use it. Counts come from notification_counters, kept by triggers.
 */
/** Whom a notification reaches: built once per repository, since every delivery reads it. */
const recipientQuery = (db: Db) =>
  db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
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
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('notification_recipient');

export function createNotificationsRepository(db: Db) {
  let recipientById: ReturnType<typeof recipientQuery> | undefined;
  return {
    /**
     * One page, newest first. After a cursor it is a range read of the index from that position; by page
     * number, the skip walks index entries only and the rows themselves are read for the page alone.
     */
    async page(userId: string, opts: PageRequest) {
      const filters: SQL[] = [
        opts.read === undefined
          ? eq(notifications.userId, userId)
          : opts.read
            ? and(eq(notifications.userId, userId), eq(notifications.read, true))!
            : unreadOf(userId)!,
      ];
      if (opts.after) {
        filters.push(
          sql`(${notifications.createdAt}, ${notifications.id}) < (${opts.after.at}::timestamptz, ${opts.after.id})`,
        );
      }
      const select = db.select({ ...columns, position: positionAt }).from(notifications);
      if (!opts.offset && !opts.fromOldest) {
        return select
          .where(and(...filters))
          .orderBy(...newestFirst)
          .limit(opts.limit);
      }
      const ids = db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(...filters))
        .orderBy(...(opts.fromOldest ? oldestFirst : newestFirst))
        .limit(opts.limit)
        .offset(opts.offset ?? 0);
      return select.where(inArray(notifications.id, ids)).orderBy(...newestFirst);
    },

    async counts(userId: string): Promise<{ total: number; unread: number }> {
      const [row] = await db
        .select({ total: notificationCounters.total, unread: notificationCounters.unread })
        .from(notificationCounters)
        .where(eq(notificationCounters.userId, userId));
      return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
    },

    async unreadCount(userId: string): Promise<number> {
      return (await this.counts(userId)).unread;
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

    /** One notification by id, whoever it belongs to: the access check has already named its owner. */
    async byId(id: string): Promise<NotificationRow | undefined> {
      if (!ID.test(id)) return undefined;
      const [row] = await db.select(columns).from(notifications).where(eq(notifications.id, id)).limit(1);
      return row;
    },

    /** Who a notification belongs to, for the access check of a route that names one. */
    async ownerOf(id: string): Promise<{ userId: string; organizationId: string } | undefined> {
      if (!ID.test(id)) return undefined;
      const [row] = await db
        .select({ userId: notifications.userId, organizationId: notifications.organizationId })
        .from(notifications)
        .where(eq(notifications.id, id))
        .limit(1);
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
      recipientById ??= recipientQuery(db);
      const [row] = await recipientById.execute({ id: userId });
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
