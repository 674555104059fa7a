import { apiRequest, seg } from '../../../lib/api-client';
import type { Organization } from '../../../lib/organization';

/** GET /organization/{org} (000 §7). */
export function getOrganization(organizationId: string, signal?: AbortSignal): Promise<Organization> {
  return apiRequest<Organization>(`/organization/${seg(organizationId)}`, {
    authenticated: false,
    handleUnauthorized: false,
    signal,
  });
}
