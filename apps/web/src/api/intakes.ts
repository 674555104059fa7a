import type { Intake } from '@portal/domain/contracts/intake';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';

/** GET /intakes/{org}/patient/{user}/patient-intake/{id} (000 §7): one of the patient's intakes. */
export function getIntake(userId: string, intakeId: string, signal?: AbortSignal): Promise<Intake> {
  const org = requireOrganizationId();
  return apiRequest<Intake>(`/intakes/${seg(org)}/patient/${seg(userId)}/patient-intake/${seg(intakeId)}`, {
    signal,
  });
}

export const intakeQueryKey = (userId: string, intakeId: string) => ['intake', userId, intakeId] as const;

export function intakeQueryOptions(userId: string, intakeId: string) {
  return queryOptions({
    queryKey: intakeQueryKey(userId, intakeId),
    queryFn: ({ signal }) => getIntake(userId, intakeId, signal),
  });
}
