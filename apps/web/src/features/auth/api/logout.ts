import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { clearSession, getToken } from '../../../lib/session';
import { tokenStatus } from '../../../lib/token';

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
