import { readJson, writeJson } from './storage';
import { STORAGE_KEYS } from './storage-keys';

/** Marketing attribution sent with a new account (000 §5 Signup: click id, ad cookies, UTM values). */
export interface AnalyticsTraits {
  gclid?: string;
  fbclid?: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
  referral_id?: string;
  affiliate_token?: string;
  fbp?: string;
  fbc?: string;
}

const QUERY_KEYS = [
  'gclid',
  'fbclid',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  // a referral link's ids ride along to checkout, where the billing profile records the conversion
  'referral_id',
  'affiliate_token',
] as const;

/** The click ids and UTM values of a query string. */
export function fromQuery(search: string): AnalyticsTraits {
  const params = new URLSearchParams(search);
  const traits: AnalyticsTraits = {};
  for (const key of QUERY_KEYS) {
    const value = params.get(key);
    if (value) traits[key] = value;
  }
  return traits;
}

/**
 * Remembers the landing page's click ids and UTM values for this visit, so they survive the walk from the
 * landing link to the signup form (called once at start-up).
 */
export function captureLandingTraits(search: string = window.location.search): void {
  const traits = fromQuery(search);
  if (Object.keys(traits).length === 0) return;
  const stored = readJson<AnalyticsTraits>(STORAGE_KEYS.landingTraits, 'session') ?? {};
  writeJson(STORAGE_KEYS.landingTraits, { ...stored, ...traits }, 'session');
}
