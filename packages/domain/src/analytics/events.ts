/**
 * The analytics events of the funnel (000 §4 "identified for analytics", §7 events at opening, step change,
 * profile, add-on and treatment-preference actions). Their properties are an allowlist (contracts/analytics):
 * ids, types, stages, prices and campaign traits, never a name, an answer, a measurement or anything else
 * that tells a person's health.
 */
export const ANALYTICS_EVENTS = [
  'Application Opened',
  'Signed In',
  'Signed Up',
  'Consultation Step Viewed',
  'Profile Completed',
  'Add-on Added',
  'Add-on Removed',
  'Treatment Preference Selected',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

/** The keys of the campaign traits analytics may carry (utm_*, referral), from the user's analytics_traits. */
export const CAMPAIGN_TRAIT = /^(utm_[a-z]+|ref|referral|source|campaign)$/;
