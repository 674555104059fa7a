import { matchPath, type Params } from 'react-router';

/** What a route tells its shell, the coming-soon screen and the document title. */
export interface ScreenHandle {
  /** The screen's name, shown by the coming-soon page and in the document title. */
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

/** Sections with a page of their own at /consultation/{section}/{intakeId}[suffix]. */
export const SECTION_PAGE_SECTIONS = [
  'product-configure',
  'treatment',
  'membership',
  'identification-step',
  'checkout',
  'lab-checkout',
] as const;

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

/**
 * Names of the screens whose routes give no title of their own (the account access screens, the dashboard's
 * home, the product and campaign entry pages), by path pattern, first match wins.
 */
export const PATH_TITLES: readonly [pattern: string, title: string][] = [
  ['/login', 'Log in'],
  ['/product/login/:productId', 'Log in'],
  ['/campaign/login/:campaignId', 'Log in'],
  ['/product/:type/:productId', 'Create your account'],
  ['/campaign/:type/:campaignId', 'Create your account'],
  ['/get-started', 'Create your account'],
  ['/request-password-reset', 'Reset your password'],
  ['/request-password-reset/:orgId/:userId/:resetToken', 'Choose a new password'],
  ['/dashboard/:userId/profile', DASHBOARD_PAGES.profile ?? 'Home'],
];

/** The not-found page's name, for any path no route names. */
export const NOT_FOUND_TITLE = 'Page Not Found';

/** The name of the screen at `pathname` when its route gives none. */
export function titleForPath(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  return PATH_TITLES.find(([pattern]) => matchPath(pattern, path))?.[1] ?? NOT_FOUND_TITLE;
}

/** The document title: the page, then the clinic ("Subscriptions · Evergreen Longevity"). */
export function documentTitle(page: string, clinic: string): string {
  return page ? `${page} · ${clinic}` : clinic;
}
