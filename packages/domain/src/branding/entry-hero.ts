import type { Organization } from '../contracts/organization';

// The entry screens' picture, apart from brand-content.ts: the login route loads this and nothing of the dashboard.

type Settings = Organization['settings'] | null | undefined;

/**
 * A path served by the portal itself ("/brands/evergreen/signup.webp"), else null. The pages' security policy
 * loads images, video and captions from the portal's own origin only, and a captions track must be same-origin
 * to be read at all, so a brand's media live beside its logo.
 */
export function ownMediaPath(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed?.startsWith('/') || trimmed.startsWith('//') || /[\s\\<>"'`]/.test(trimmed)) return null;
  return trimmed;
}

/** The entry screen a hero image is chosen for: login, signup (/get-started) or a product landing. */
export type EntryPage = 'login' | 'signup' | 'product';

export interface EntryHero {
  src: string;
  /** Empty for a decorative picture: the clinic gives words only when the picture says something. */
  alt: string;
}

/**
 * The hero of an entry screen (000 §2, 002 §3): the signup screen shows signup.image and a product landing
 * product_signup.image; either falls back to the login image, which is decorative.
 */
export function entryHero(settings: Settings, page: EntryPage): EntryHero | null {
  const own =
    page === 'signup' ? settings?.signup : page === 'product' ? settings?.product_signup : undefined;
  const src = ownMediaPath(own?.image);
  if (src) return { src, alt: own?.alt?.trim() ?? '' };
  const login = ownMediaPath(settings?.login?.image_v3);
  return login ? { src: login, alt: '' } : null;
}
