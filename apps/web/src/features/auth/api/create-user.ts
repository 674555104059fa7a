import { useMutation } from '@tanstack/react-query';
import type { AnalyticsTraits } from '../../../lib/analytics-traits';
import { apiRequest, requireOrganizationId } from '../../../lib/api-client';
import type { AuthResponse } from './login';

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
