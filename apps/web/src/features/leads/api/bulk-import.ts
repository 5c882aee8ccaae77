import type { ImportResult, ImportValidation } from '@lantern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, EncodedJson } from '@/lib/api-client';
import type { EncodedBatch } from './import-batches';
import { refreshLeadData } from './refresh-lead-data';
import type { ImportCallOptions } from './validate-import';

type Details = ImportResult['results']['details'];

/**
 * The file lines to send: those the validation found valid, and the duplicates when they are to
 * be merged into their leads (the server judges every row again).
 */
export function linesToImport({ validation }: ImportValidation, skipDuplicates: boolean): number[] {
  const lines = validation.valid.map((v) => v.lineNumber);
  return skipDuplicates ? lines : lines.concat(validation.duplicates.map((d) => d.lineNumber));
}

export type BulkImportInput = ImportCallOptions & {
  /** The bodies of the calls, built from `linesToImport` with `skipDuplicates`. */
  batches: EncodedBatch[];
  validation: ImportValidation;
  skipDuplicates: boolean;
};

function mergeResults(parts: ImportResult[], locallySkipped: Details['skipped']): ImportResult {
  const details: Details = { errors: [], skipped: locallySkipped, created: [], updated: [] };
  for (const { results } of parts) {
    details.errors = details.errors.concat(results.details.errors);
    details.skipped = details.skipped.concat(results.details.skipped);
    details.created = details.created.concat(results.details.created);
    details.updated = details.updated.concat(results.details.updated);
  }
  details.errors.sort((a, b) => a.lineNumber - b.lineNumber);
  details.skipped.sort((a, b) => a.lineNumber - b.lineNumber);
  return {
    results: {
      created: details.created.length,
      updated: details.updated.length,
      skipped: details.skipped.length,
      errors: details.errors.length,
      details,
    },
  };
}

/**
 * Imports the batches one call after another. Duplicates not sent (skipping) count as skipped,
 * with the validation's reason, so the result covers every importable row of the file.
 */
export async function bulkImport({
  batches,
  validation,
  skipDuplicates,
  signal,
  onProgress,
}: BulkImportInput): Promise<ImportResult> {
  const locallySkipped = skipDuplicates
    ? validation.validation.duplicates.map(({ lineNumber, email, reason }) => ({ lineNumber, email, reason }))
    : [];
  const total = batches.reduce((sum, batch) => sum + batch.rowCount, 0);
  const parts: ImportResult[] = [];
  let done = 0;
  onProgress?.({ done, total });
  for (const batch of batches) {
    parts.push(
      await api.post<ImportResult>('/api/leads/import/bulk', new EncodedJson(batch.body), { signal }),
    );
    done += batch.rowCount;
    onProgress?.({ done, total });
  }
  return mergeResults(parts, locallySkipped);
}

/** The page's leads and the dashboard are refetched as soon as the import is done. */
export function useBulkImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkImport,
    onSuccess: () => refreshLeadData(queryClient),
  });
}

/** The banner after an import (spec wording). */
export const importCompletedMessage = ({ results }: ImportResult) =>
  `Import completed: ${results.created} leads created, ${results.skipped} skipped, ${results.errors} errors`;
