import type { Intake, IntakeProductConfiguration } from '@portal/domain/contracts/intake';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../lib/api-client';
import { incompleteIntakesPath, patientIntakesPath } from './dashboard-reads';

/** GET /intakes/{org}/patient/{user}/patient-intake/{id} (000 §7): one of the patient's intakes. */
export function getIntake(userId: string, intakeId: string, signal?: AbortSignal): Promise<Intake> {
  const org = requireOrganizationId();
  return apiRequest<Intake>(`/intakes/${seg(org)}/patient/${seg(userId)}/patient-intake/${seg(intakeId)}`, {
    signal,
  });
}

/**
 * Query keys of the patient's intakes: one intake by id, and the lists (all of them, the unfinished ones) under
 * ['intakes', userId], so closing a visit refreshes every list.
 */
export const intakeKeys = {
  detail: (userId: string, intakeId: string) => ['intake', userId, intakeId] as const,
  lists: (userId: string) => ['intakes', userId] as const,
  incomplete: (userId: string) => ['intakes', userId, 'incomplete'] as const,
};

export function intakeQueryOptions(userId: string, intakeId: string) {
  return queryOptions({
    queryKey: intakeKeys.detail(userId, intakeId),
    queryFn: ({ signal }) => getIntake(userId, intakeId, signal),
  });
}

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
      if (intake?._id) queryClient.setQueryData(intakeKeys.detail(userId, intakeId), intake);
    },
  });
}

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
      if (intake?._id) queryClient.setQueryData(intakeKeys.detail(userId, intakeId), intake);
    },
  });
}

/** GET /intakes/{org}/patient/{user}/incomplete (000 §7): open visits the patient has not finished, newest first. */
export function getIncompleteIntakes(userId: string, signal?: AbortSignal): Promise<Intake[]> {
  return apiRequest<Intake[]>(incompleteIntakesPath(userId), { signal });
}

/** PUT /intakes/{org}/patient/{user}/patient-intake/{intake}/patient-close (001 §7): the patient cancels a visit. */
export async function closeIntake(userId: string, intakeId: string): Promise<void> {
  await apiRequest<unknown>(
    `/intakes/${seg(requireOrganizationId())}/patient/${seg(userId)}/patient-intake/${seg(intakeId)}/patient-close`,
    { method: 'PUT' },
  );
}

/** POST /v2/intakes/{id}/products (000 §7): adds configured products (or ids); the intake comes back. */
export function addIntakeProducts(
  intakeId: string,
  products: (string | IntakeProductConfiguration)[],
): Promise<Intake> {
  return apiRequest<Intake>(`/v2/intakes/${seg(intakeId)}/products`, {
    method: 'POST',
    body: { products },
  });
}

/** DELETE /v2/intakes/{id}/products (000 §7): removes products by template or priced product id. */
export function removeIntakeProducts(intakeId: string, products: string[]): Promise<Intake> {
  return apiRequest<Intake>(`/v2/intakes/${seg(intakeId)}/products`, {
    method: 'DELETE',
    body: { products },
  });
}

/** GET /intakes/{org}/patient/{user} (001 §7): all the patient's intakes. */
export function getIntakes(userId: string, signal?: AbortSignal): Promise<Intake[]> {
  return apiRequest<Intake[]>(patientIntakesPath(userId), { signal });
}
