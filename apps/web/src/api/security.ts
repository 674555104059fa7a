import type {
  SecurityActionBody,
  SecurityActionResponse,
  SecurityOverview,
} from '@portal/domain/contracts/security';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../lib/api-client';

export type { SecurityActionResponse, SecurityOverview };

const securityPath = (userId: string) => `/users/${seg(requireOrganizationId())}/${seg(userId)}/security`;

export const securityKeys = {
  overview: (userId: string) => ['security', userId] as const,
};

/** GET /users/{org}/{id}/security: two-factor state, recovery codes left, signed-in sessions. */
export function securityQueryOptions(userId: string) {
  return queryOptions({
    queryKey: securityKeys.overview(userId),
    queryFn: ({ signal }) => apiRequest<SecurityOverview>(securityPath(userId), { signal }),
  });
}

/** POST /users/{org}/{id}/security (002 §7.7): one action; the answer is the new overview. */
export function securityAction(userId: string, body: SecurityActionBody): Promise<SecurityActionResponse> {
  return apiRequest<SecurityActionResponse>(securityPath(userId), { method: 'POST', body });
}
