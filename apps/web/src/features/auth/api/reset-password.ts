import { useMutation } from '@tanstack/react-query';
import { apiRequest, seg } from '../../../lib/api-client';

export interface ResetPasswordInput {
  new_password: string;
  confirm_password: string;
  reset_token: string;
  user_id: string;
  organization: string;
}

/** PUT /users/{org}/{userId}/reset-password-token (000 §7): sets the new password from an e-mailed reset link. */
export function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(
    `/users/${seg(input.organization)}/${seg(input.user_id)}/reset-password-token`,
    {
      method: 'PUT',
      body: input,
      authenticated: false,
    },
  );
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
