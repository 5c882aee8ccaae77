import type { TwoFactorStatus } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from './query-keys';

export function getTwoFactorStatus(): Promise<TwoFactorStatus> {
  return api.get<TwoFactorStatus>('/admin/2fa/status');
}

export function useTwoFactorStatus() {
  return useQuery({ queryKey: authKeys.twoFactorStatus, queryFn: getTwoFactorStatus, staleTime: 0 });
}
