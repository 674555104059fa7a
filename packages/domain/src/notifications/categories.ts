/** The categories of a notification (001 §3). */
export const NOTIFICATION_CATEGORIES = [
  'visit',
  'lab',
  'message',
  'order',
  'welcome',
  'subscription',
  'payment',
  'appointments',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** How each category is named to the patient (preferences table, icons' labels). */
export const CATEGORY_LABELS: Record<NotificationCategory, string> = {
  visit: 'Visits',
  lab: 'Lab results',
  message: 'Messages',
  order: 'Orders',
  welcome: 'Welcome',
  subscription: 'Subscriptions',
  payment: 'Payments and billing',
  appointments: 'Appointments',
};
