import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';

/** PUT /intakes/{org}/patient/{user}/patient-intake/{intake}/patient-close (001 §7): the patient cancels a visit. */
export async function closeIntake(userId: string, intakeId: string): Promise<void> {
  await apiRequest<unknown>(
    `/intakes/${seg(requireOrganizationId())}/patient/${seg(userId)}/patient-intake/${seg(intakeId)}/patient-close`,
    { method: 'PUT' },
  );
}
