import { segmentDisplayName, type Segment } from '@lantern/contracts';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
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
  const name = segmentDisplayName(segment.name);
  return (
    <ConfirmDeleteDialog
      title="Delete Segment"
      question={
        <>
          Are you sure you want to delete the segment{' '}
          <strong className="font-semibold text-slate-900">{name}</strong>? This cannot be undone.
        </>
      }
      subject={{ name, detail: `${leadsCount(segment.active_leads ?? 0)} in this segment` }}
      consequence="The leads themselves are kept; only their membership is removed."
      confirmLabel="Delete Segment"
      pendingLabel="Deleting..."
      isPending={deletion.isPending}
      error={deletion.isError ? 'Failed to delete segment' : null}
      onConfirm={() => deletion.mutate(segment.id, { onSuccess: () => onDeleted(segment) })}
      onCancel={onClose}
    />
  );
}
