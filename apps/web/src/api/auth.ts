import { useMutation } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../../lib/api-client';
import type { Patient } from '../../../lib/patient';

export interface LoginInput {
  email: string;
  password: string;
}

export interface AuthResponse {
  token: string;
  user: Patient;
}

/**
 * POST /login/{org} (000 §7). A 401 means bad credentials (never a forced logout: the visitor is already
 * on the login page), 429 too many attempts, 500 the server is down.
 */
export function login(input: LoginInput): Promise<AuthResponse> {
  const org = requireOrganizationId();
  return apiRequest<AuthResponse>(`/login/${seg(org)}`, {
    method: 'POST',
    body: input,
    authenticated: false,
    handleUnauthorized: false,
  });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
