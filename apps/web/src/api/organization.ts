import type { Organization } from '@portal/domain/contracts/organization';
import { apiRequest, seg } from '../../../lib/api-client';

/** GET /organization/{org} (000 §7). */
export function getOrganization(organizationId: string, signal?: AbortSignal): Promise<Organization> {
  return apiRequest<Organization>(`/organization/${seg(organizationId)}`, {
    authenticated: false,
    handleUnauthorized: false,
    signal,
  });
}
