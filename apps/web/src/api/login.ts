import { apiRequest, requireOrganizationId, seg } from '../lib/api-client';
import type { Patient } from '../lib/patient';

// The login call on its own, free of the query library: the /login page makes it without loading that.

export interface LoginInput {
  email: string;
  password: string;
  /** With two-factor sign-in on (after a 403 TwoFactorRequired): the authenticator or a recovery code. */
  code?: string;
}

export interface AuthResponse {
  token: string;
  user: Patient;
}

/**
 * POST /login/{org} (000 §7). A 401 means bad credentials (never a forced logout: the visitor is already
 * on the login page), 429 too many attempts, 500 the server is down; 403 TwoFactorRequired asks for the
 * second factor and 401 TwoFactorCodeIncorrect refuses it.
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
