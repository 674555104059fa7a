import type { Intake } from '@portal/domain/contracts/intake';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';

/** GET /intakes/{org}/patient/{user}/incomplete (000 §7): open visits the patient has not finished, newest first. */
export function getIncompleteIntakes(userId: string, signal?: AbortSignal): Promise<Intake[]> {
  const org = requireOrganizationId();
  return apiRequest<Intake[]>(`/intakes/${seg(org)}/patient/${seg(userId)}/incomplete`, { signal });
}
