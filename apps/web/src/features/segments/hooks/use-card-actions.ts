import { segmentDisplayName, type Segment } from '@lantern/contracts';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useExportSegment } from '../api/export-segment';
import { useSyncToMailerLite } from '../api/sync-to-mailerlite';
import { useUpdateSegment } from '../api/update-segment';
import type { SegmentBusyAction } from '../components/segment-card-actions';
import type { SyncOutcome } from '../components/sync-result-dialog';

/**
 * The card actions that call the server at once: pause/activate, export CSV and sync. Each segment's
 * running action is tracked by itself (promises settle per call), so several cards can be busy at once.
 */
export function useCardActions({ onError }: { onError: (message: string) => void }) {
  const [busy, setBusy] = useState<Readonly<Record<string, SegmentBusyAction>>>({});
  const [syncOutcome, setSyncOutcome] = useState<SyncOutcome | null>(null);
  const update = useUpdateSegment();
  const exporting = useExportSegment();
  const sync = useSyncToMailerLite();

  async function run(segment: Segment, action: SegmentBusyAction, work: () => Promise<void>) {
    if (busy[segment.id]) return;
    setBusy((prev) => ({ ...prev, [segment.id]: action }));
    try {
      await work();
    } finally {
      setBusy(({ [segment.id]: _, ...rest }) => rest);
    }
  }

  const toggleActive = (segment: Segment) =>
    run(segment, 'toggle', async () => {
      const isActive = !segment.is_active;
      try {
        // Spec 4.1: the update sends only is_active.
        await update.mutateAsync({ id: segment.id, body: { is_active: isActive } });
        const name = segmentDisplayName(segment.name);
        notify.success(isActive ? `Segment "${name}" activated` : `Segment "${name}" paused`);
      } catch {
        onError('Failed to toggle segment status');
      }
    });

  const exportCsv = (segment: Segment) =>
    run(segment, 'export', async () => {
      try {
        await exporting.mutateAsync(segment);
      } catch {
        onError('Failed to export segment');
      }
    });

  const syncToMailerLite = (segment: Segment) =>
    run(segment, 'sync', async () => {
      try {
        const result = await sync.mutateAsync(segment.id);
        setSyncOutcome({ segmentName: segment.name, result });
      } catch (error) {
        const message = errorMessage(error, 'Failed to sync to MailerLite');
        onError(message);
        notify.error(`Sync failed: ${message}`);
      }
    });

  return {
    busy,
    syncOutcome,
    closeSyncOutcome: () => setSyncOutcome(null),
    toggleActive: (segment: Segment) => void toggleActive(segment),
    exportCsv: (segment: Segment) => void exportCsv(segment),
    syncToMailerLite: (segment: Segment) => void syncToMailerLite(segment),
  };
}
