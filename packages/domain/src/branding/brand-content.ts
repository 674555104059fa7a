import type { BrandLink, Organization } from '../contracts/organization';
import { externalUrl } from '../dashboard/widgets';
import { ownMediaPath } from './entry-hero';

type Settings = Organization['settings'] | null | undefined;

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
