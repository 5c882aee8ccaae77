import { exportFilename } from '@lantern/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadBlob } from '@/lib/download';

export type ExportFormat = 'csv' | 'json';
export type ExportRequest = {
  format: ExportFormat;
  /** CSV only; every column when absent. */
  columns?: string[];
};

/** Every lead as one file, saved as leads-export-YYYY-MM-DD.csv or .json. */
export async function exportLeads({ format, columns }: ExportRequest): Promise<void> {
  const params = new URLSearchParams({ format });
  if (format === 'csv' && columns?.length) params.set('columns', columns.join(','));
  const file = await api.getFile(`/api/leads/export/comprehensive?${params.toString()}`);
  downloadBlob(exportFilename(format), file);
}

export function useExportLeads() {
  return useMutation({ mutationFn: exportLeads });
}

/** The banner after an export (spec wording). */
export const exportedMessage = (format: ExportFormat) =>
  `Successfully exported all leads as ${format.toUpperCase()}`;
