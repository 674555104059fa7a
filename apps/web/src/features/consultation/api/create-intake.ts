import type { Intake } from '@portal/domain/contracts/intake';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';

export interface CreateIntakeInput {
  userId: string;
  templateId: string;
}

/** POST /users/{org}/user/{userId}/template/{templateId} (000 §7): creates an intake instance of a template. */
export function createIntake({ userId, templateId }: CreateIntakeInput): Promise<Intake> {
  const org = requireOrganizationId();
  return apiRequest<Intake>(`/users/${seg(org)}/user/${seg(userId)}/template/${seg(templateId)}`, {
    method: 'POST',
  });
}

export function useCreateIntakeMutation() {
  return useMutation({ mutationFn: createIntake });
}
