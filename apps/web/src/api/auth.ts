import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { AnalyticsTraits } from '../lib/analytics-traits';
import { apiRequest, requireOrganizationId, seg } from '../lib/api-client';
import { clearSession, getToken } from '../lib/session';
import { tokenStatus } from '../lib/token';
import { type AuthResponse, type LoginInput, login } from './login';

export { type AuthResponse, type LoginInput, login };

export interface CreateUserInput {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  analytics_traits: AnalyticsTraits;
}

/** POST /v2/users (000 §7): creates the patient and returns a token. 400 EmailAlreadyExists for a taken e-mail. */
export function createUser(input: CreateUserInput): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('/v2/users', {
    method: 'POST',
    body: { ...input, organization: requireOrganizationId(), accepted_terms: true },
    authenticated: false,
  });
}

export function useCreateUserMutation() {
  return useMutation({ mutationFn: createUser });
}

/** POST /v2/auth/logout: ends the token on the server (204). */
export function logout(): Promise<void> {
  return apiRequest<void>('/v2/auth/logout', { method: 'POST', handleUnauthorized: false });
}

/** Logout: tell the server (a failure does not matter), forget the patient and cached data, go to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      if (tokenStatus(getToken()) !== 'valid') return;
      try {
        await logout();
      } catch {
        // logging out locally is what matters
      }
    },
    onSettled: async () => {
      clearSession();
      queryClient.clear();
      await navigate('/login', { replace: true });
    },
  });
}

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
