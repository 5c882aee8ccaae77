import type { ImportValidation } from '@lantern/contracts';
import { api, EncodedJson } from '@/lib/api-client';
import { mergeValidations, type BatchProgress, type EncodedBatch } from './import-batches';

export type ImportCallOptions = { signal?: AbortSignal; onProgress?: (progress: BatchProgress) => void };

/**
 * Validates every row of a file, one call per batch (see encodeBatches). The wizard keeps its own
 * state around it, so there is no query hook.
 */
export async function validateImport(
  batches: EncodedBatch[],
  { signal, onProgress }: ImportCallOptions = {},
): Promise<ImportValidation> {
  const total = batches.reduce((sum, batch) => sum + batch.rowCount, 0);
  const parts: ImportValidation[] = [];
  let done = 0;
  onProgress?.({ done, total });
  for (const batch of batches) {
    parts.push(
      await api.post<ImportValidation>('/api/leads/import/validate', new EncodedJson(batch.body), { signal }),
    );
    done += batch.rowCount;
    onProgress?.({ done, total });
  }
  return mergeValidations(parts);
}
