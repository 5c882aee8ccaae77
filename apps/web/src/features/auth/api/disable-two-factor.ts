import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshMe } from './get-me';
import { authKeys } from './query-keys';

export type DisableTwoFactorInput = { password: string; code: string };

export function disableTwoFactor(body: DisableTwoFactorInput): Promise<{ success: true; message: string }> {
  return api.post<{ success: true; message: string }>('/admin/2fa/disable', body);
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: authKeys.twoFactorStatus });
      await refreshMe(queryClient).catch(() => undefined);
    },
  });
}
