import type { Membership, MembershipPrice } from '@portal/domain/contracts/membership';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';

/** GET /memberships/{org}/membership/{id} (000 §7). */
export function getMembership(id: string, signal?: AbortSignal): Promise<Membership> {
  const org = requireOrganizationId();
  return apiRequest<Membership>(`/memberships/${seg(org)}/membership/${seg(id)}`, { signal });
}

/** GET /memberships/{org}/membership/{id}/prices (000 §7): shortest interval first. */
export function getMembershipPrices(id: string, signal?: AbortSignal): Promise<MembershipPrice[]> {
  const org = requireOrganizationId();
  return apiRequest<MembershipPrice[]>(`/memberships/${seg(org)}/membership/${seg(id)}/prices`, { signal });
}
