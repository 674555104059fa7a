import type { Subscription } from '@portal/domain/contracts/subscription';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';

/** GET /users/{org}/user/{patient}/subscriptions (002 §7.3): the patient's subscriptions. */
export function getPatientSubscriptions(userId: string, signal?: AbortSignal): Promise<Subscription[]> {
  const org = requireOrganizationId();
  return apiRequest<Subscription[]>(`/users/${seg(org)}/user/${seg(userId)}/subscriptions`, { signal });
}
