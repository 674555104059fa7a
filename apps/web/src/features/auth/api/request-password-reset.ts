import { useMutation } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';

/** POST /reset/{org}/password-reset-request (000 §7): always the same answer, whether or not the e-mail exists. */
export function requestPasswordReset(input: { email_address: string }): Promise<{ message: string }> {
  const org = requireOrganizationId();
  return apiRequest<{ message: string }>(`/reset/${seg(org)}/password-reset-request`, {
    method: 'POST',
    body: input,
    authenticated: false,
  });
}

export function useRequestPasswordResetMutation() {
  return useMutation({ mutationFn: requestPasswordReset });
}
