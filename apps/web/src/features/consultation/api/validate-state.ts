import type { StateApproval } from '@portal/domain/contracts/intake-template';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';

/**
 * GET /states/{org}/state/{stateId}/intake/{templateId}/validate (000 §7): whether the visit of an intake
 * template may be offered in a state.
 */
export function validateState(stateId: string, templateId: string): Promise<StateApproval> {
  const org = requireOrganizationId();
  return apiRequest<StateApproval>(
    `/states/${seg(org)}/state/${seg(stateId)}/intake/${seg(templateId)}/validate`,
  );
}
