import type { Intake } from '@portal/domain/contracts/intake';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';
import { intakeQueryKey } from './get-intake';

/** An answer: the chosen option ids (radio, checkbox) or a free text (short and long text). */
export type QuestionAnswer = { response: string[] } | { free_format_response: string };

export interface AnswerQuestionInput {
  userId: string;
  intakeId: string;
  /** The intake response (one per top-level question) the answer is stored in. */
  responseId: string;
  answer: QuestionAnswer;
}

/** PUT /intakes/{org}/patient/{user}/intake/{intake}/response/{responseId} (000 §7): answers a question. */
export function answerQuestion({
  userId,
  intakeId,
  responseId,
  answer,
}: AnswerQuestionInput): Promise<Intake> {
  const org = requireOrganizationId();
  return apiRequest<Intake>(
    `/intakes/${seg(org)}/patient/${seg(userId)}/intake/${seg(intakeId)}/response/${seg(responseId)}`,
    { method: 'PUT', body: answer },
  );
}

/** Saves an answer; the cached intake follows the answer (its responses and status counters). */
export function useAnswerQuestionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerQuestion,
    onSuccess: (intake, { userId, intakeId }) => {
      if (intake?._id) queryClient.setQueryData(intakeQueryKey(userId, intakeId), intake);
    },
  });
}
