import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clearSessionAndReload } from '@/lib/session';

export function logout(): Promise<{ success: true }> {
  return api.post<{ success: true }>('/admin/logout');
}

/** Revokes the session on the server, then forgets it here even when that call failed. */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSettled: clearSessionAndReload,
  });
}
