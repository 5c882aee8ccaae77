import type { LoginHintResponse } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from './query-keys';

export function getLoginHint(): Promise<LoginHintResponse> {
  return api.get<LoginHintResponse>('/admin/login-hint', { anonymous: true });
}

export function useLoginHint() {
  return useQuery({ queryKey: authKeys.loginHint, queryFn: getLoginHint, staleTime: Infinity, retry: false });
}
