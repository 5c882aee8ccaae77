import { segmentDisplayName, type Segment } from '@lantern/contracts';
import { Trash2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useDeleteSegment } from '../api/delete-segment';
import { leadsCount } from './format';

type DeleteSegmentDialogProps = {
  /** The segment to delete; null when the dialog is closed. */
  segment: Segment | null;
  onClose: () => void;
  onDeleted: (segment: Segment) => void;
};

export function DeleteSegmentDialog({ segment, onClose, onDeleted }: DeleteSegmentDialogProps) {
  // Mounted per segment, so a failure shown for one is gone when the next is opened.
  return segment ? (
    <DeleteSegmentConfirmation key={segment.id} segment={segment} onClose={onClose} onDeleted={onDeleted} />
  ) : null;
}

function DeleteSegmentConfirmation({
  segment,
  onClose,
  onDeleted,
}: { segment: Segment } & Omit<DeleteSegmentDialogProps, 'segment'>) {
  const deletion = useDeleteSegment();

  function handleDelete() {
    deletion.mutate(segment.id, { onSuccess: () => onDeleted(segment) });
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !deletion.isPending) onClose();
      }}
      title="Delete Segment"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={deletion.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={handleDelete} isLoading={deletion.isPending}>
            {!deletion.isPending && <Trash2 className="size-4" aria-hidden="true" />}
            {deletion.isPending ? 'Deleting...' : 'Delete Segment'}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-slate-700">
        <p>
          Are you sure you want to delete the segment{' '}
          <strong className="font-semibold text-slate-900">{segmentDisplayName(segment.name)}</strong>? This
          cannot be undone.
        </p>
        <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
          <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">
            {segmentDisplayName(segment.name)}
          </p>
          <p className="text-slate-600">{leadsCount(segment.active_leads ?? 0)} in this segment</p>
        </div>
        <p className="text-slate-600">The leads themselves are kept; only their membership is removed.</p>
        {deletion.isError && <Alert tone="error">Failed to delete segment</Alert>}
      </div>
    </Dialog>
  );
}
