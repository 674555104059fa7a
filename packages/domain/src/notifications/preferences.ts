import { NOTIFICATION_CATEGORIES, type NotificationCategory } from './categories';

/**
 * The channels a patient can switch. The portal (bell and notifications page) is not one of them: it is the
 * record of everything the clinic told the patient, always kept, so turning a channel off never loses a notice.
 */
export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export type ChannelChoice = Record<NotificationChannel, boolean>;
export type NotificationPreferences = Record<NotificationCategory, ChannelChoice>;

const on = (email: boolean, sms: boolean): ChannelChoice => ({ email, sms });

/**
 * Defaults for a patient who never chose: e-mail for what needs the patient's attention (lab results, care
 * team messages, appointments, payments); text messages only for appointments, where a reminder is time
 * critical (and only once the mobile number is verified, see deliveryChannels).
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  visit: on(false, false),
  lab: on(true, false),
  message: on(true, false),
  order: on(false, false),
  welcome: on(false, false),
  subscription: on(false, false),
  payment: on(true, false),
  appointments: on(true, true),
};

/** Stored choices over the defaults: a category or channel never chosen keeps its default. */
export function resolvePreferences(
  stored: Partial<Record<string, Partial<Record<string, unknown>>>> | null | undefined,
): NotificationPreferences {
  const result = {} as NotificationPreferences;
  for (const category of NOTIFICATION_CATEGORIES) {
    const saved = stored?.[category];
    const defaults = DEFAULT_NOTIFICATION_PREFERENCES[category];
    result[category] = {
      email: typeof saved?.email === 'boolean' ? saved.email : defaults.email,
      sms: typeof saved?.sms === 'boolean' ? saved.sms : defaults.sms,
    };
  }
  return result;
}

/**
 * The channels a notification of `category` goes out on besides the portal: e-mail when chosen; SMS when
 * chosen and the mobile number is verified (an unverified number may not be the patient's).
 */
export function deliveryChannels(
  preferences: NotificationPreferences,
  category: NotificationCategory,
  contact: { mobileVerified: boolean; hasMobile: boolean },
): NotificationChannel[] {
  const choice = preferences[category];
  const channels: NotificationChannel[] = [];
  if (choice.email) channels.push('email');
  if (choice.sms && contact.mobileVerified && contact.hasMobile) channels.push('sms');
  return channels;
}
