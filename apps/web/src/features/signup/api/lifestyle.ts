import type { LifestyleAnswers, LifestyleResponse } from '@portal/domain/contracts/lifestyle';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, seg } from '../../../lib/api-client';
import type { Patient } from '../../../lib/patient';

/** GET /v2/users/{id}/lifestyle (002 §7.7): the lifestyle questions and the patient's answers. */
export function getLifestyle(userId: string, signal?: AbortSignal): Promise<LifestyleResponse> {
  return apiRequest<LifestyleResponse>(`/v2/users/${seg(userId)}/lifestyle`, { signal });
}

export function lifestyleQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['lifestyle', userId] as const,
    queryFn: ({ signal }) => getLifestyle(userId, signal),
    staleTime: 60_000,
  });
}

/** PATCH /v2/users/{id} (002 §7.7): saves answers into medical_profile.lifestyle. */
export function saveLifestyle(userId: string, lifestyle: LifestyleAnswers): Promise<Patient> {
  return apiRequest<Patient>(`/v2/users/${seg(userId)}`, {
    method: 'PATCH',
    body: { medical_profile: { lifestyle } },
  });
}
