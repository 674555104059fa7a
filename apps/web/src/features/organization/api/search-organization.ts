import type { Organization } from '@portal/domain/contracts/organization';
import { apiRequest } from '../../../lib/api-client';

/** GET /organization/search?domain={host} (000 §7): the organization served on this host. */
export async function searchOrganization(domain: string, signal?: AbortSignal): Promise<Organization> {
  const result = await apiRequest<Organization | Organization[]>('/organization/search', {
    query: { domain },
    authenticated: false,
    handleUnauthorized: false,
    signal,
  });
  const organization = Array.isArray(result) ? result[0] : result;
  if (!organization?._id) throw new Error(`No organization for ${domain}`);
  return organization;
}
