import type { LabPanelEntry } from '@portal/domain/navigation/labs-destination';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

export const labKeys = {
  latestPanel: (userId: string) => ['lab-panels', userId, 'latest'] as const,
};

/** GET /v2/labs/patient/panels (002 §4.1): one page of the patient's lab panels. */
export function getLabPanels(page: number, signal?: AbortSignal): Promise<{ docs?: LabPanelEntry[] }> {
  return apiRequest<{ docs?: LabPanelEntry[] }>('/v2/labs/patient/panels', { query: { page }, signal });
}

/** The first page of lab panels, read for the latest one (the Labs link). */
export function latestLabPanelsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: labKeys.latestPanel(userId),
    queryFn: ({ signal }) => getLabPanels(1, signal),
  });
}
