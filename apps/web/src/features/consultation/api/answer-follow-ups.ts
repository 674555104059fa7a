import type { Intake } from '@portal/domain/contracts/intake';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';
import { intakeQueryKey } from './get-intake';

/** One follow-up answer: a free text, or the chosen option ids of a radio or checkbox follow-up. */
export interface FollowUpAnswer {
  question: string;
  is_free_format: boolean;
  free_format_response: string;
  response?: string[];
}

export interface AnswerFollowUpsInput {
  userId: string;
  intakeId: string;
  /** The parent (top-level) question whose chosen options revealed the follow-ups. */
  parentQuestionId: string;
  responses: FollowUpAnswer[];
}

/**
 * PUT /intakes/{org}/patient/{user}/intake/{intake}/question/{parent}/response/child/update (000 §7): answers
 * the follow-up questions of a question.
 */
export function answerFollowUps({
  userId,
  intakeId,
  parentQuestionId,
  responses,
}: AnswerFollowUpsInput): Promise<Intake> {
  const org = requireOrganizationId();
  return apiRequest<Intake>(
    `/intakes/${seg(org)}/patient/${seg(userId)}/intake/${seg(intakeId)}/question/${seg(parentQuestionId)}/response/child/update`,
    { method: 'PUT', body: { responses } },
  );
}

/** Saves follow-up answers; the cached intake follows the answer. */
export function useAnswerFollowUpsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerFollowUps,
    onSuccess: (intake, { userId, intakeId }) => {
      if (intake?._id) queryClient.setQueryData(intakeQueryKey(userId, intakeId), intake);
    },
  });
}
