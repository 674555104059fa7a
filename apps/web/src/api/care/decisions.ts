import type {
  CareApproveBody,
  CareDecisionResult,
  CareRequestUpdateBody,
} from '@portal/domain/contracts/care';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../lib/api-client';
import { careKeys } from './queue';

export type CareDecisionInput =
  | { kind: 'approve'; body: CareApproveBody }
  | { kind: 'deny'; body: { reason: string } }
  | { kind: 'request-update'; body: CareRequestUpdateBody };

/** POST /care/{org}/visits/{id}/approve | deny | request-update. */
export function decideVisit(visitId: string, input: CareDecisionInput): Promise<CareDecisionResult> {
  return apiRequest<CareDecisionResult>(
    `/care/${seg(requireOrganizationId())}/visits/${seg(visitId)}/${input.kind}`,
    { method: 'POST', body: input.body },
  );
}

/** A decision on one visit; the queue and the patient's chart are read again after it. */
export function useDecideVisit(visitId: string, patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CareDecisionInput) => decideVisit(visitId, input),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: careKeys.queues });
      void queryClient.invalidateQueries({ queryKey: careKeys.chart(patientId) });
    },
  });
}
