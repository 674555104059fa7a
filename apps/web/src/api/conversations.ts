import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

export const conversationKeys = {
  ofPatient: (userId: string) => ['conversations', userId, 'patient'] as const,
};

/** GET /v2/conversations/patient (001 §7): the patient's conversation with the care team, as the API sends it. */
export function getPatientConversation(signal?: AbortSignal): Promise<unknown> {
  return apiRequest<unknown>('/v2/conversations/patient', { signal });
}

export function patientConversationQueryOptions(userId: string) {
  return queryOptions({
    queryKey: conversationKeys.ofPatient(userId),
    queryFn: ({ signal }) => getPatientConversation(signal),
  });
}
