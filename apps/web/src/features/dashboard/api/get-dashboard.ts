import type { Dashboard } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The dashboard's cache key; the leads screen invalidates the same key after any change to a lead. */
export const dashboardKeys = { all: ['dashboard'] as const };

export function getDashboard({ signal }: { signal?: AbortSignal } = {}): Promise<Dashboard> {
  return api.get<Dashboard>('/admin/dashboard', { signal });
}

export function useDashboard() {
  return useQuery({ queryKey: dashboardKeys.all, queryFn: getDashboard });
}
