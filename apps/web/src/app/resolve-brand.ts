import type { Organization } from '@portal/domain/contracts/organization';
import { getOrganization, searchOrganization } from '../api/organization';
import { setBrand } from '../lib/brand';
import type { InjectedBrand } from '../lib/organization';
import { readPageData } from '../lib/page-data';

const LOOKUP_TIMEOUT_MS = 8000;

function withTimeout(): AbortSignal {
  return AbortSignal.timeout(LOOKUP_TIMEOUT_MS);
}

/**
 * The brand the server wrote into index.html in place of `<!--portal-brand-->`: the JSON script element
 * `#portal-brand` ({ organization, fallback }), or the older `window.__PORTAL_BRAND__` form.
 */
export function readInjectedBrand(): InjectedBrand | null {
  const parsed = readPageData() as Partial<InjectedBrand>;
  // missing or malformed: the older form, else the brand is looked up
  if (parsed.organization?._id)
    return { organization: parsed.organization, fallback: parsed.fallback === true };
  const legacy = window.__PORTAL_BRAND__;
  return legacy?._id ? { organization: legacy, fallback: false } : null;
}

/**
 * Takes the organization as the brand. The server writes the brand's colours, title and icon into the page's
 * head beside the `#portal-brand` element; for a brand found otherwise they are put on the page here, with
 * the colour arithmetic loaded only then (it stays out of the first download).
 */
async function use(organization: Organization, error = false, onPage = false): Promise<void> {
  setBrand({ organization, organizationId: organization._id, error });
  if (onPage) return;
  try {
    (await import('../lib/brand-document')).applyBrandToDocument(organization);
  } catch {
    // the page keeps the default look
  }
}

/**
 * Resolves the organization before the first render (000 §1, 002 §4.9). The server normally injects it into
 * the page (a host it does not know gets the default organization, flagged `fallback`, which raises the error
 * flag here too); without it (the Vite dev server) it is looked up by this host's domain. If that fails, the
 * configured default organization id is used and the brand store's error flag is raised.
 */
export async function resolveBrand(
  defaultOrganizationId: string | undefined = import.meta.env.VITE_DEFAULT_ORG_ID,
): Promise<void> {
  const injected = readInjectedBrand();
  if (injected) {
    const onPage = Boolean((readPageData() as Partial<InjectedBrand>).organization?._id);
    await use(injected.organization, injected.fallback, onPage);
    return;
  }
  try {
    await use(await searchOrganization(window.location.hostname, withTimeout()));
    return;
  } catch {
    // fall through to the default organization
  }
  setBrand({ organization: null, organizationId: defaultOrganizationId || undefined, error: true });
  if (!defaultOrganizationId) return;
  try {
    await use(await getOrganization(defaultOrganizationId, withTimeout()), true);
  } catch {
    // the id alone is enough to make calls; the page keeps the default look
  }
}
