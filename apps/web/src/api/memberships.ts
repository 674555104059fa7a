import type { Membership, MembershipPrice } from '@portal/domain/contracts/membership';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../lib/api-client';

export type { MembershipPrice };

export const membershipKeys = {
  withPrices: (membershipId: string) => ['membership-step', membershipId] as const,
};

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

/** A membership with its prices, shortest interval first (the membership step). */
export function membershipWithPricesQueryOptions(membershipId: string) {
  return queryOptions({
    queryKey: membershipKeys.withPrices(membershipId),
    queryFn: async ({ signal }) => {
      const [membership, prices] = await Promise.all([
        getMembership(membershipId, signal),
        getMembershipPrices(membershipId, signal),
      ]);
      return { membership, prices: [...prices].sort((a, b) => a.interval_count - b.interval_count) };
    },
    enabled: Boolean(membershipId),
  });
}
