import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshMe } from './get-me';
import { authKeys } from './query-keys';

export function verifyTwoFactorSetup(code: string): Promise<{ success: true; message: string }> {
  return api.post<{ success: true; message: string }>('/admin/2fa/verify-setup', { code });
}

export function useVerifyTwoFactorSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTwoFactorSetup,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: authKeys.twoFactorStatus });
      await refreshMe(queryClient).catch(() => undefined);
    },
  });
}
