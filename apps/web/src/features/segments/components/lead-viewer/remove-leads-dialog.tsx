import { segmentDisplayName, type Segment } from '@lantern/contracts';
import { Trash2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useRemoveLeads } from '../../api/remove-leads';
import { leadCount } from './lead-viewer-format';

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

  function handleRemove() {
    removal.mutate({ segmentId: segment.id, leadIds }, { onSuccess: () => onRemoved(count) });
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !removal.isPending) onOpenChange(false);
      }}
      title="Remove leads from segment"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={removal.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={handleRemove} isLoading={removal.isPending}>
            {!removal.isPending && <Trash2 className="size-4" aria-hidden="true" />}
            Remove ({count})
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-slate-700">
        <p>
          Remove {leadCount(count)} from{' '}
          <span className="font-medium text-slate-900">{segmentDisplayName(segment.name)}</span>? The leads
          themselves are kept.
        </p>
        {removal.isError && <Alert tone="error">Failed to remove leads</Alert>}
      </div>
    </Dialog>
  );
}
