import type { ClinicSettings, ClinicSettingsBody } from '@portal/domain/contracts/care';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../lib/api-client';

export const clinicSettingsKeys = { all: ['care', 'settings'] as const };

const settingsPath = () => `/care/${seg(requireOrganizationId())}/settings`;

/** GET /care/{org}/settings: the clinic's settings as they apply, defaults filled in (admins). */
export function clinicSettingsQueryOptions() {
  return queryOptions({
    queryKey: clinicSettingsKeys.all,
    queryFn: ({ signal }) => apiRequest<ClinicSettings>(settingsPath(), { signal }),
  });
}

/** PUT /care/{org}/settings: the answer is the settings as stored, which the screen then shows. */
export function useSaveClinicSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClinicSettingsBody) =>
      apiRequest<ClinicSettings>(settingsPath(), { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(clinicSettingsKeys.all, saved),
  });
}
