import type { Params } from 'react-router';

/** What a route tells its shell and the coming-soon screen. */
export interface ScreenHandle {
  /** The screen's name, shown by the coming-soon page. */
  title?: string | ((params: Params) => string);
  /** Full width, no footer (001 §2: the messages page). */
  fullWidth?: boolean;
}

/** /dashboard/{userId}/{page} pages (001 §2) and their names. */
export const DASHBOARD_PAGES: Record<string, string> = {
  profile: 'Home',
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
