/** The settings tabs (001 §2): the profile tab stacks the profile sub-sections. */
export const SETTINGS_TABS = [
  { key: 'profile', label: 'Profile' },
  { key: 'shipping', label: 'Shipping' },
  { key: 'billing', label: 'Billing' },
  { key: 'notifications', label: 'Notifications' },
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number]['key'];

/** The sub-sections with the title and description of the mobile list (001 §2), in their order. */
export const SETTINGS_SUBSECTIONS = [
  { key: 'info', tab: 'profile', title: 'Personal Information', description: 'Update your information' },
  { key: 'email', tab: 'profile', title: 'Email Address', description: null },
  { key: 'password', tab: 'profile', title: 'Password', description: 'Manage security preferences' },
  {
    key: 'security',
    tab: 'profile',
    title: 'Security',
    description: 'Two-factor sign-in and signed-in devices',
  },
  { key: 'mobile', tab: 'profile', title: 'Mobile Number', description: null },
  {
    key: 'state',
    tab: 'profile',
    title: 'Home State',
    description: "The state you reside in or on your driver's license or ID",
  },
  { key: 'image', tab: 'profile', title: 'Profile Image', description: 'An image of your face' },
  { key: 'shipping', tab: 'shipping', title: 'Shipping Address', description: 'Used to ship treatments' },
  { key: 'billing', tab: 'billing', title: 'Payment Information', description: 'Billing' },
  {
    key: 'notifications',
    tab: 'notifications',
    title: 'Notifications',
    description: 'Choose where to receive notifications',
  },
] as const;
export type SettingsSubsection = (typeof SETTINGS_SUBSECTIONS)[number]['key'];

const TAB_KEYS = new Set<string>(SETTINGS_TABS.map((t) => t.key));
const SUBSECTION_KEYS = new Set<string>(SETTINGS_SUBSECTIONS.map((s) => s.key));

export function isSubsection(value: string | undefined): value is SettingsSubsection {
  return value !== undefined && SUBSECTION_KEYS.has(value);
}

/** The desktop tab of a route section: a profile sub-section opens the profile tab (default also when absent). */
export function tabOf(section: string | undefined): SettingsTab {
  if (section && TAB_KEYS.has(section)) return section as SettingsTab;
  const sub = SETTINGS_SUBSECTIONS.find((s) => s.key === section);
  return sub?.tab ?? 'profile';
}

/** The path of a settings section; the profile tab is the settings root. */
export function settingsPath(userId: string, section?: string): string {
  const root = `/dashboard/${encodeURIComponent(userId)}/settings`;
  return section && section !== 'profile' ? `${root}/${section}` : root;
}
