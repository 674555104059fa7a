import { HOME_TITLE } from './path-titles';

export {
  documentTitle,
  NOT_FOUND_TITLE,
  PATH_TITLES,
  type ScreenHandle,
  titleForPath,
} from './path-titles';

/** /dashboard/{userId}/{page} pages (001 §2) and their names. */
export const DASHBOARD_PAGES: Record<string, string> = {
  profile: HOME_TITLE,
  labs: 'Labs',
  'lab-analysis': 'Lab Analysis',
  orders: 'Orders',
  subscriptions: 'Subscriptions',
  appointments: 'Appointments',
  'schedule-onboarding': 'Schedule Onboarding',
  settings: 'Settings',
  providers: 'Providers',
  messages: 'Messages',
  notifications: 'Notifications',
};

/**
 * The name of one item of a dashboard page that lists items (/dashboard/{userId}/{page}/{id}, 002 §2.1); other
 * pages keep their own name.
 */
export const DASHBOARD_DETAIL_TITLES: Record<string, string> = {
  orders: 'Order',
  subscriptions: 'Subscription',
  notifications: 'Notification',
  appointments: 'Appointment',
  labs: 'Lab',
  'lab-analysis': 'Lab Analysis',
};

/** Settings sections (001 §2); profile is the default. */
export const SETTINGS_SECTIONS: Record<string, string> = {
  profile: 'Profile',
  shipping: 'Shipping',
  billing: 'Billing',
  notifications: 'Notifications',
  // mobile sub-sections of the profile tab
  info: 'Personal Information',
  email: 'Email Address',
  password: 'Password',
  security: 'Security',
  mobile: 'Mobile Number',
  state: 'Home State',
  image: 'Profile Image',
};

/** Consultation sections and their screens (000 §2 Consultation wrapper and stages). */
export const CONSULTATION_SECTIONS: Record<string, string> = {
  hiw: 'How it Works',
  profile: 'Your Profile',
  body: 'Your Profile',
  'pharmacy-overview': 'Medical History',
  'pharmacy-questions': 'Medical History',
  intake: 'Medical Review',
  treatment: 'Treatment',
  membership: 'Membership',
  'product-configure': 'Treatment Preferences',
  'lab-checkout': 'Lab Checkout',
  'protocol-preference': 'Protocol Preference',
  'protocol-selection': 'Select your protocol',
  'identification-step': 'Identity Verification',
  checkout: 'Checkout',
};

/** /signup/{section} sections (002 §2.1). */
export const SIGNUP_SECTIONS: Record<string, string> = {
  profile: 'Your Profile',
  'lab-visit': 'Lab Visit',
  'protocol-preference': 'Protocol Preference',
  checkout: 'Checkout',
  questions: 'Lifestyle and Goals',
};

/** Identity verification steps (000 §2 Screens 9). */
export const VERIFICATION_STEPS: Record<string, string> = {
  verify_account: 'Verify Your Account',
  id_image: 'ID Photo',
  profile_image: 'Selfie',
  existing_identity: 'Identity Verification',
  schedule: 'Schedule a Verification Call',
};

export function titleFrom(table: Record<string, string>, key: string | undefined, fallback: string): string {
  return (key && table[key]) || fallback;
}
