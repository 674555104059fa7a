import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, ref, updatedAt } from './columns';
import { organizations } from './organizations';
import { users } from './users';

export const notificationCategories = [
  'visit',
  'lab',
  'message',
  'order',
  'welcome',
  'subscription',
  'payment',
  'appointments',
] as const;
export type NotificationCategory = (typeof notificationCategories)[number];

export type NotificationData = { type?: 'protocol' | 'other'; reportId?: string; [key: string]: unknown };

export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: ref('organization_id')
      .notNull()
      .references(() => organizations.id),
    category: varchar('category', { length: 16 }).$type<NotificationCategory>().notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<NotificationData>().notNull().default({}),
    read: boolean('read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    // the page order is (created_at desc, id desc): both indexes carry id so a page, a cursor and an offset
    // skip are walks of the index alone. NULLS FIRST is what ORDER BY ... DESC means; with drizzle's default
    // (NULLS LAST) the planner cannot use the index for the order and sorts all of the patient's rows.
    index('notifications_user_id_created_at_id_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('notifications_user_id_unread_idx')
      .on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`not ${t.read}`),
    index('notifications_organization_id_idx').on(t.organizationId),
    check(
      'notifications_category_check',
      sql`${t.category} in ('visit', 'lab', 'message', 'order', 'welcome', 'subscription', 'payment', 'appointments')`,
    ),
  ],
);

/**
 * Where each category of notification reaches the patient besides the portal (e-mail, SMS). One row per
 * patient who has saved a choice; a patient without a row gets the defaults of @portal/domain.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: ref('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences')
    .$type<Partial<Record<NotificationCategory, { email?: boolean; sms?: boolean }>>>()
    .notNull()
    .default({}),
  updatedAt: updatedAt(),
});

/**
 * How many notifications a patient has, and how many are unread: kept by statement triggers on notifications
 * (migration 0008), so the bell and every page answer their counts with one primary-key read however many
 * notifications the patient has. The application never writes it.
 */
export const notificationCounters = pgTable(
  'notification_counters',
  {
    userId: ref('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    total: integer('total').notNull().default(0),
    unread: integer('unread').notNull().default(0),
  },
  (t) => [
    check('notification_counters_total_check', sql`${t.total} >= 0`),
    check('notification_counters_unread_check', sql`${t.unread} >= 0 and ${t.unread} <= ${t.total}`),
  ],
);
