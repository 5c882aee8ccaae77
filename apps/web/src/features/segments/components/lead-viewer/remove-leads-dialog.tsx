import { segmentDisplayName, type Segment } from '@lantern/contracts';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { useRemoveLeads } from '../../api/remove-leads';
import { leadsCount } from '../format';

type RemoveLeadsDialogProps = {
  segment: Segment;
  leadIds: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRemoved: (count: number) => void;
};

/** Asks before taking the selected leads out of the segment. */
export function RemoveLeadsDialog({ open, onOpenChange, ...props }: RemoveLeadsDialogProps) {
  // Mounted per opening, so an earlier failure is gone when it opens again.
  return open ? <RemoveLeadsConfirmation onOpenChange={onOpenChange} {...props} /> : null;
}

function RemoveLeadsConfirmation({
  segment,
  leadIds,
  onOpenChange,
  onRemoved,
}: Omit<RemoveLeadsDialogProps, 'open'>) {
  const removal = useRemoveLeads();
  const count = leadIds.length;
  return (
    <ConfirmDeleteDialog
      title="Remove leads from segment"
      question={
        <>
          Remove {leadsCount(count)} from{' '}
          <span className="font-medium text-slate-900">{segmentDisplayName(segment.name)}</span>? The leads
          themselves are kept.
        </>
      }
      confirmLabel={`Remove (${count})`}
      isPending={removal.isPending}
      error={removal.isError ? 'Failed to remove leads' : null}
      onConfirm={() =>
        removal.mutate({ segmentId: segment.id, leadIds }, { onSuccess: () => onRemoved(count) })
      }
      onCancel={() => onOpenChange(false)}
    />
  );
}
