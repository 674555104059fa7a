import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../lib/api-client';
import { careKeys } from './queue';

export type IdentityDecision = { status: 'completed' } | { status: 'rejected'; reason: string };

export interface CareIdentityResult {
  _id: string;
  verification_status: 'completed' | 'rejected';
  verified: boolean;
}

/** POST /care/{org}/patients/{id}/identity: the outcome of comparing the ID with the selfie (issue 12 §5). */
export function recordIdentity(patientId: string, decision: IdentityDecision): Promise<CareIdentityResult> {
  return apiRequest<CareIdentityResult>(
    `/care/${seg(requireOrganizationId())}/patients/${seg(patientId)}/identity`,
    { method: 'POST', body: decision },
  );
}

/** Records the check; the chart and the queue's identity badges are read again. */
export function useRecordIdentity(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: IdentityDecision) => recordIdentity(patientId, decision),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: careKeys.chart(patientId) });
      void queryClient.invalidateQueries({ queryKey: careKeys.queues });
    },
  });
}
