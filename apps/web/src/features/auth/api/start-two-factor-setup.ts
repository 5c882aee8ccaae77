import type { TwoFactorSetupResponse } from '@lantern/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Creates a new key, QR code and backup codes; none is active until verify-setup succeeds. */
export function startTwoFactorSetup(): Promise<TwoFactorSetupResponse> {
  return api.post<TwoFactorSetupResponse>('/admin/2fa/setup');
}

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: startTwoFactorSetup });
}
