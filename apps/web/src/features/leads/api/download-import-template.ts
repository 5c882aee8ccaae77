import { IMPORT_TEMPLATE_FILENAME } from '@lantern/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadBlob } from '@/lib/download';

/** Saves the import template (the import columns and one sample row) as lead-import-template.csv. */
export async function downloadImportTemplate(): Promise<void> {
  const file = await api.getFile('/api/leads/import/template');
  downloadBlob(IMPORT_TEMPLATE_FILENAME, file);
}

export function useDownloadImportTemplate() {
  return useMutation({ mutationFn: downloadImportTemplate });
}
