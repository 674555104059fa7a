import { z } from 'zod';
import { Id } from '../contracts/common';
import { NOTIFICATION_CATEGORIES } from './categories';

export const NotificationCategorySchema = z.enum(NOTIFICATION_CATEGORIES);

/** One notification as the API answers it (001 §3). */
export const Notification = z.object({
  _id: Id,
  read: z.boolean(),
  created_at: z.string(),
  message: z.string(),
  category: NotificationCategorySchema,
  data: z
    .object({
      type: z.enum(['protocol', 'other']).optional(),
      reportId: z.string().optional(),
    })
    .catchall(z.unknown()),
});
export type Notification = z.infer<typeof Notification>;

/** Most notifications a page may ask for. */
export const NOTIFICATIONS_MAX_LIMIT = 50;

export const NotificationsQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_MAX_LIMIT).default(10),
    /** read=false lists only the unread ones; read=true only the read ones. */
    read: z.enum(['true', 'false']).optional(),
    /**
     * Where the previous page ended (its next_cursor): the page starts right after it, so walking on costs
     * the same at any depth and reading a notification on the way never shifts the next page. `page` then
     * only numbers the page.
     */
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, 'The cursor is not valid.')
      .optional(),
  })
  .strict();
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;

/** A page of notifications (001 §3) with the patient's unread count. */
export const NotificationsPage = z.object({
  docs: z.array(Notification),
  page: z.number().int(),
  totalPages: z.number().int(),
  totalDocs: z.number().int(),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
  unread: z.number().int(),
  /** The cursor of the next page, null on the last one. */
  next_cursor: z.string().nullable(),
});
export type NotificationsPage = z.infer<typeof NotificationsPage>;

export const ReadAllResult = z.object({ updated: z.number().int(), unread: z.number().int() });
export type ReadAllResult = z.infer<typeof ReadAllResult>;

const ChannelChoice = z.object({ email: z.boolean(), sms: z.boolean() }).strict();

/** Every category with its channels (the portal is always on, so it is not a field). */
export const NotificationPreferencesBody = z
  .object(
    Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, ChannelChoice])) as Record<
      (typeof NOTIFICATION_CATEGORIES)[number],
      typeof ChannelChoice
    >,
  )
  .strict();
export type NotificationPreferencesBody = z.infer<typeof NotificationPreferencesBody>;

export const NotificationPreferencesAnswer = z.object({
  preferences: NotificationPreferencesBody,
  /** Text messages reach the patient only while this is true. */
  sms_available: z.boolean(),
});
export type NotificationPreferencesAnswer = z.infer<typeof NotificationPreferencesAnswer>;
