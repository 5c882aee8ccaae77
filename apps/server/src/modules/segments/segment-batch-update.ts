import type { SegmentBatchUpdateResult, SegmentUpdateInput } from '@lantern/contracts';
import { AppError } from '../../http/errors';
import type { Actor } from '../audit/audit.service';
import { updateSegment, type SegmentEditingDeps } from './segment-editing';

// Spec 4.1's batch update: each change goes through the single update (its checks and its audit
// event), one after another; one failing does not stop the rest. The batch succeeds only if none
// failed.

export async function batchUpdateSegments(
  deps: SegmentEditingDeps,
  updates: { id: string; changes: SegmentUpdateInput }[],
  actor: Actor,
): Promise<SegmentBatchUpdateResult> {
  const results: SegmentBatchUpdateResult['results'] = [];
  for (const { id, changes } of updates) {
    try {
      await updateSegment(deps, id, changes, actor);
      results.push({ id, success: true });
    } catch (error) {
      // Only the app's own errors (not found, bad rules, name taken) are reported; others are bugs.
      if (!(error instanceof AppError)) throw error;
      results.push({ id, success: false, error: error.message });
    }
  }
  const failed = results.filter((r) => !r.success).length;
  return { success: failed === 0, updated: results.length - failed, failed, results };
}
