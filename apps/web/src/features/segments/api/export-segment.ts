import { segmentExportFilename, type Segment } from '@lantern/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadBlob } from '@/lib/download';

/** The segment's leads as a CSV file, saved as <name>_leads.csv. */
export async function exportSegment(segment: Pick<Segment, 'id' | 'name'>): Promise<void> {
  const file = await api.getFile(`/api/segments/${encodeURIComponent(segment.id)}/export?format=csv`);
  downloadBlob(segmentExportFilename(segment.name), file);
}

export function useExportSegment() {
  return useMutation({ mutationFn: exportSegment });
}
