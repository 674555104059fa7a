import type {
  CareLabAdvanceBody,
  CareLabFileKind,
  CareLabImportBody,
  CareLabImportResult,
  CareLabPage,
  CareLabReport,
  CareLabResultsBody,
  CareLabTextBody,
  LabReportStatus,
} from '@portal/domain/contracts/care-labs';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiRequest, requireOrganizationId, seg } from '../../lib/api-client';

export const careLabsKeys = {
  all: ['care', 'labs'] as const,
  lists: ['care', 'labs', 'list'] as const,
  status: (status: LabReportStatus) => ['care', 'labs', 'list', status] as const,
  report: (id: string) => ['care', 'labs', 'report', id] as const,
};

const base = () => `/care/${seg(requireOrganizationId())}/labs`;
const reportPath = (id: string) => `${base()}/${seg(id)}`;

/** GET /care/{org}/labs?status=: the clinic's reports at one status, oldest status change first, by cursor. */
export function careLabsQueryOptions(status: LabReportStatus) {
  return infiniteQueryOptions({
    queryKey: careLabsKeys.status(status),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<CareLabPage>(base(), { query: { status, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    refetchOnWindowFocus: 'always',
  });
}

/** GET /care/{org}/labs/{reportId}: the report for editing. */
export function careLabReportQueryOptions(id: string) {
  return queryOptions({
    queryKey: careLabsKeys.report(id),
    queryFn: ({ signal }) => apiRequest<CareLabReport>(reportPath(id), { signal }),
  });
}

/** A change answered with the report: it replaces the cached one, and the lists are read again. */
function useReportMutation<V>(id: string, call: (variables: V) => Promise<CareLabReport>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (report) => queryClient.setQueryData(careLabsKeys.report(id), report),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: careLabsKeys.lists }),
  });
}

/** POST /care/{org}/labs/{reportId}/advance: one step on (ordered, received). */
export function useAdvanceLabReport(id: string) {
  return useReportMutation(id, (to: CareLabAdvanceBody['to']) =>
    apiRequest<CareLabReport>(`${reportPath(id)}/advance`, {
      method: 'POST',
      body: { to } satisfies CareLabAdvanceBody,
    }),
  );
}

/** POST /care/{org}/labs/{reportId}/files: multipart, `kind` then `file` (a PDF). */
export function useUploadLabFile(id: string) {
  return useReportMutation(id, ({ kind, file }: { kind: CareLabFileKind; file: File }) => {
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', file);
    return apiRequest<CareLabReport>(`${reportPath(id)}/files`, { method: 'POST', body: form });
  });
}

/** GET /care/{org}/labs/{reportId}/files/{kind}: the attached PDF, fetched with the staff's token. */
export async function fetchLabFile(id: string, kind: CareLabFileKind): Promise<Blob> {
  const response = await apiFetch(`${reportPath(id)}/files/${seg(kind)}`, {
    headers: { Accept: 'application/pdf' },
  });
  return response.blob();
}

/** PUT /care/{org}/labs/{reportId}/results: values typed by hand; the server converts and classifies. */
export function useSaveLabResults(id: string) {
  return useReportMutation(id, (body: CareLabResultsBody) =>
    apiRequest<CareLabReport>(`${reportPath(id)}/results`, { method: 'PUT', body }),
  );
}

/** POST /care/{org}/labs/{reportId}/import: a CSV text or a FHIR R4 Bundle. */
export function useImportLabResults(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CareLabImportBody) =>
      apiRequest<CareLabImportResult>(`${reportPath(id)}/import`, { method: 'POST', body }),
    onSuccess: (answer) => queryClient.setQueryData(careLabsKeys.report(id), answer.report),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: careLabsKeys.lists }),
  });
}

/** PUT /care/{org}/labs/{reportId}/text: intro, main and conclusion (markdown). */
export function useSaveLabText(id: string) {
  return useReportMutation(id, (body: CareLabTextBody) =>
    apiRequest<CareLabReport>(`${reportPath(id)}/text`, { method: 'PUT', body }),
  );
}

/** POST /care/{org}/labs/{reportId}/publish: reviewed; the patient is told their results are ready. */
export function usePublishLabReport(id: string) {
  return useReportMutation(id, (_: undefined) =>
    apiRequest<CareLabReport>(`${reportPath(id)}/publish`, { method: 'POST' }),
  );
}
