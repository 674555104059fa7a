import type { BrandLink, Organization } from '../contracts/organization';
import { externalUrl } from '../dashboard/widgets';

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

export interface WelcomeVideo {
  url: string;
  captionsUrl: string;
  poster: string | null;
}

/**
 * The introduction video of the welcome widget (001 §2), or null. A video without captions is not offered
 * (WCAG 1.2.2): the clinic gives both or the widget shows no video.
 */
export function welcomeVideo(settings: Settings): WelcomeVideo | null {
  const video = settings?.welcome?.video;
  const url = ownMediaPath(video?.url);
  const captionsUrl = ownMediaPath(video?.captions_url);
  if (!url || !captionsUrl) return null;
  return { url, captionsUrl, poster: ownMediaPath(video?.poster) };
}

/** The More menu's configurable entries, in the order of 001 §2. */
export const MORE_LINK_KEYS = ['pharmacy', 'community', 'social'] as const;
export type MoreLinkKey = (typeof MORE_LINK_KEYS)[number];

/** A configured link that can be shown: a non-blank label and a web address, else null (never a dead link). */
export function usableLink(link: BrandLink | null | undefined): BrandLink | null {
  const label = link?.label?.trim();
  const url = externalUrl(link?.url);
  return label && url ? { label, url } : null;
}

/** The pharmacy, community and social entries of the More menu that the clinic configured (001 §2). */
export function moreLinks(settings: Settings): (BrandLink & { key: MoreLinkKey })[] {
  return MORE_LINK_KEYS.flatMap((key) => {
    const link = usableLink(settings?.more_links?.[key]);
    return link ? [{ key, ...link }] : [];
  });
}

/**
 * Whether the user belongs to the main organization (001 §2): the user's own organization is the clinic being
 * served and that clinic is a main organization, i.e. it names no parent organization.
 */
export function belongsToMainOrganization(
  userOrganization: string | null | undefined,
  organization: Pick<Organization, '_id' | 'settings'> | null | undefined,
): boolean {
  if (!organization || !userOrganization) return false;
  return userOrganization === organization._id && !organization.settings?.parent_organization?.trim();
}

export interface SideContent {
  title: string;
  body: string;
  link: BrandLink | null;
}

/** The side navigation's brand card, for users of the main organization only (001 §2), else null. */
export function sideContent(
  userOrganization: string | null | undefined,
  organization: Pick<Organization, '_id' | 'settings'> | null | undefined,
): SideContent | null {
  const content = organization?.settings?.side_content;
  const title = content?.title?.trim();
  const body = content?.body?.trim();
  if (!title || !body || !belongsToMainOrganization(userOrganization, organization)) return null;
  return { title, body, link: usableLink(content?.link) };
}
