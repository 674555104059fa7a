import { getOrganization } from '../features/organization/api/get-organization';
import { searchOrganization } from '../features/organization/api/search-organization';
import { applyBrandToDocument, setBrand } from '../lib/brand';
import type { Organization } from '../lib/organization';

const LOOKUP_TIMEOUT_MS = 8000;

function withTimeout(): AbortSignal {
  return AbortSignal.timeout(LOOKUP_TIMEOUT_MS);
}

function use(organization: Organization, error = false): void {
  setBrand({ organization, organizationId: organization._id, error });
  applyBrandToDocument(organization);
}

/**
 * Resolves the organization before the first render (000 §1, 002 §4.9). The server normally injects it as
 * window.__PORTAL_BRAND__; without it (the Vite dev server) it is looked up by this host's domain. If that fails,
 * the configured default organization id is used and the brand store's error flag is raised.
 */
export async function resolveBrand(
  defaultOrganizationId: string | undefined = import.meta.env.VITE_DEFAULT_ORG_ID,
): Promise<void> {
  const injected = window.__PORTAL_BRAND__;
  if (injected?._id) {
    use(injected);
    return;
  }
  try {
    use(await searchOrganization(window.location.hostname, withTimeout()));
    return;
  } catch {
    // fall through to the default organization
  }
  setBrand({ organization: null, organizationId: defaultOrganizationId || undefined, error: true });
  if (!defaultOrganizationId) return;
  try {
    use(await getOrganization(defaultOrganizationId, withTimeout()), true);
  } catch {
    // the id alone is enough to make calls; the page keeps the default look
  }
}
