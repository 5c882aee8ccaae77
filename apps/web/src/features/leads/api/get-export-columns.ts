import { EXPORT_COLUMN_GROUPS } from '@lantern/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadKeys } from './query-keys';

export type ExportColumnGroup = { group: string; columns: string[] };

// The groups this build knows, shown until (or if) the server's list cannot be had.
const KNOWN_GROUPS: ExportColumnGroup[] = EXPORT_COLUMN_GROUPS.map((g) => ({
  group: g.group,
  columns: [...g.columns],
}));

/** The export's column groups. Spec 8: a failure is only logged; the known groups stay offered. */
export async function getExportColumns({ signal }: { signal?: AbortSignal } = {}) {
  try {
    const { columns } = await api.get<{ columns: ExportColumnGroup[] }>('/api/leads/export/columns', {
      signal,
    });
    return columns;
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('Failed to fetch available columns', error);
    return KNOWN_GROUPS;
  }
}

export function useExportColumns() {
  return useQuery({
    queryKey: leadKeys.exportColumns,
    queryFn: getExportColumns,
    placeholderData: KNOWN_GROUPS,
    staleTime: Infinity,
  });
}
