import { type AnalyticsTraits, fromQuery } from './analytics-traits';
import { readJson } from './storage';
import { STORAGE_KEYS } from './storage-keys';

// Apart from the capture at start-up (analytics-traits.ts, in the first download): only the signup form
// collects the traits, with the ad cookies.

const COOKIE_KEYS = { _fbp: 'fbp', _fbc: 'fbc' } as const;

function fromCookies(cookie: string): AnalyticsTraits {
  const traits: AnalyticsTraits = {};
  for (const part of cookie.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (name in COOKIE_KEYS) {
      const value = decodeURIComponent(part.slice(index + 1).trim());
      if (value) traits[COOKIE_KEYS[name as keyof typeof COOKIE_KEYS]] = value;
    }
  }
  return traits;
}

/** The landing values, overridden by the current query, plus the `_fbp`/`_fbc` cookies. */
export function collectAnalyticsTraits(
  search: string = window.location.search,
  cookie: string = document.cookie,
): AnalyticsTraits {
  const landing = readJson<AnalyticsTraits>(STORAGE_KEYS.landingTraits, 'session') ?? {};
  return { ...landing, ...fromQuery(search), ...fromCookies(cookie) };
}
