import type {
  CareCompleteCallResult,
  CareResolveAlertResult,
  CareResolveRequestBody,
  CareTasks,
} from '@portal/domain/contracts/care';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../lib/api-client';
import { careKeys } from './queue';

export const careTaskKeys = {
  all: ['care', 'tasks'] as const,
};

/** What the resolve route answers: the request's outcome and the subscription's status after it. */
export interface CareResolveRequestResult {
  _id: string;
  resolution: 'approved' | 'declined';
  subscription: { _id: string; status: string };
}

/**
 * GET /care/{org}/tasks: prescription-change requests, calls to make and alerts raised about patients, oldest
 * first (issue 12 §6, 002 §7.8).
 */
export function careTasksQueryOptions() {
  return queryOptions({
    queryKey: careTaskKeys.all,
    queryFn: ({ signal }) => apiRequest<CareTasks>(`/care/${seg(requireOrganizationId())}/tasks`, { signal }),
    // Requests and bookings arrive from patients: the list is read again whenever staff come back to it.
    refetchOnWindowFocus: 'always',
  });
}

/** POST /care/{org}/prescription-requests/{id}/resolve: a new prescription, or a message declining. */
export function resolvePrescriptionRequest(
  requestId: string,
  body: CareResolveRequestBody,
): Promise<CareResolveRequestResult> {
  return apiRequest<CareResolveRequestResult>(
    `/care/${seg(requireOrganizationId())}/prescription-requests/${seg(requestId)}/resolve`,
    { method: 'POST', body },
  );
}

/** POST /care/{org}/calls/{id}/complete: the call is done, with what came of it. */
export function completeCall(callId: string, outcome: string): Promise<CareCompleteCallResult> {
  return apiRequest<CareCompleteCallResult>(
    `/care/${seg(requireOrganizationId())}/calls/${seg(callId)}/complete`,
    { method: 'POST', body: { outcome } },
  );
}

/** POST /care/{org}/alerts/{id}/resolve: the alert is dealt with, with what was done about it. */
export function resolveAlert(alertId: string, outcome: string): Promise<CareResolveAlertResult> {
  return apiRequest<CareResolveAlertResult>(
    `/care/${seg(requireOrganizationId())}/alerts/${seg(alertId)}/resolve`,
    { method: 'POST', body: { outcome } },
  );
}

/**
 * A task answered leaves the list at once; the list (someone else may have answered another) and the
 * patient's chart (a new prescription, a note of the call) are read again after it.
 */
function useTaskMutation<Input, Result>(
  run: (taskId: string, input: Input) => Promise<Result>,
  patientId: string,
  taskId: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => run(taskId, input),
    onSuccess: () => {
      queryClient.setQueryData<CareTasks>(careTaskKeys.all, (tasks) =>
        tasks ? { items: tasks.items.filter((t) => t._id !== taskId) } : tasks,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: careTaskKeys.all });
      void queryClient.invalidateQueries({ queryKey: careKeys.chart(patientId) });
    },
  });
}

export function useResolvePrescriptionRequest(task: { _id: string; patient: { _id: string } }) {
  return useTaskMutation(resolvePrescriptionRequest, task.patient._id, task._id);
}

export function useCompleteCall(task: { _id: string; patient: { _id: string } }) {
  return useTaskMutation(completeCall, task.patient._id, task._id);
}

export function useResolveAlert(task: { _id: string; patient: { _id: string } }) {
  return useTaskMutation(resolveAlert, task.patient._id, task._id);
}
