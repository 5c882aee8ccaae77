import type { EmailHealth } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { analyticsKeys } from './query-keys';

export function getEmailHealth({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<EmailHealth>('/api/leads/email-health', { signal });
}

export function useEmailHealth() {
  return useQuery({
    queryKey: analyticsKeys.emailHealth(),
    queryFn: ({ signal }) => getEmailHealth({ signal }),
  });
}
