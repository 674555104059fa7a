import { Organization } from '@portal/domain/contracts/organization';
import type { OrganizationsRepository } from './organizations.repository';

/** Host name of a Host header, without port and lower-cased ("[::1]:3000" -> "::1"). */
export function hostName(host: string | undefined): string {
  if (!host) return '';
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']'));
  const colon = h.lastIndexOf(':');
  return colon > -1 && h.indexOf(':') === colon ? h.slice(0, colon) : h;
}

export type ResolvedBrand = { organization: Organization; fallback: boolean };

/**
 * The organization as the contract names it: the page head prints it for every visitor, so a key stored in
 * the settings that the contract does not name stays on the server, as it does on the organization routes.
 */
function asPublished(organization: Organization): Organization {
  const parsed = Organization.safeParse(organization);
  return parsed.success ? parsed.data : organization;
}

/**
 * The clinic served on a host: looked up by domain; when that fails the configured default organization
 * (or the first one) is used and the answer is flagged, as 000 §1 describes. Cached briefly, as every
 * page load asks.
 */
export function createBrandResolver(
  repo: OrganizationsRepository,
  defaultOrganizationId: string | undefined,
) {
  const cache = new Map<string, { at: number; value: ResolvedBrand | undefined }>();
  const TTL_MS = 30_000;
  return async function resolve(host: string | undefined): Promise<ResolvedBrand | undefined> {
    const name = hostName(host);
    const hit = cache.get(name);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
    let value: ResolvedBrand | undefined;
    const found = name ? await repo.findByDomain(name) : undefined;
    if (found) value = { organization: asPublished(found), fallback: false };
    else {
      const fallback =
        (defaultOrganizationId && (await repo.findById(defaultOrganizationId))) || (await repo.first());
      value = fallback ? { organization: asPublished(fallback), fallback: true } : undefined;
    }
    if (cache.size > 1000) cache.clear();
    cache.set(name, { at: Date.now(), value });
    return value;
  };
}
export type BrandResolver = ReturnType<typeof createBrandResolver>;
