import type { AdminUser } from '@lantern/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { updateSessionUser } from '@/lib/session';
import { authKeys } from './query-keys';

/** The signed-in admin; also refreshes the stored copy so a reload shows current details. */
export async function getMe(): Promise<AdminUser> {
  const { user } = await api.get<{ user: AdminUser }>('/admin/me');
  updateSessionUser(user);
  return user;
}

/** Checks the stored session once per page load (the spec's start-up spinner); a 401 ends the session. */
export function useMe({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: authKeys.me, queryFn: getMe, enabled, staleTime: Infinity });
}

/** After a change to the account (2FA on or off), fetch the user again so twoFactorEnabled is current. */
export function refreshMe(queryClient: QueryClient) {
  return queryClient.fetchQuery({ queryKey: authKeys.me, queryFn: getMe, staleTime: 0 });
}
