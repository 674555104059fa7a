import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
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
    index('notifications_user_id_created_at_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_user_id_unread_idx').on(t.userId, t.createdAt.desc()).where(sql`not ${t.read}`),
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
