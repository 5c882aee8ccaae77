import type { LoginRequest, LoginResponse } from '@lantern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSession } from '@/lib/session';
import { authKeys } from './query-keys';

export function login(body: LoginRequest): Promise<LoginResponse> {
  return api.post<LoginResponse>('/admin/login', body, { anonymous: true });
}

/** Signs in; on a token the session is stored, so guarded routes open at once. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      if ('requiresTwoFactor' in result) return;
      // Drop anything cached for a previous account before the new one is seen.
      queryClient.clear();
      queryClient.setQueryData(authKeys.me, result.user);
      setSession({ token: result.token, user: result.user });
    },
  });
}
