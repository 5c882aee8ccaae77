import type { Lead } from '@lantern/contracts';
import { Trash2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useDeleteLead } from '../api/delete-lead';

type DeleteLeadDialogProps = {
  /** The lead to delete; null when the dialog is closed. */
  lead: Lead | null;
  onClose: () => void;
  onDeleted: (lead: Lead) => void;
};

export function DeleteLeadDialog({ lead, onClose, onDeleted }: DeleteLeadDialogProps) {
  // Mounted per lead, so a failure shown for one lead is gone when the next is opened.
  return lead ? (
    <DeleteLeadConfirmation key={lead.id} lead={lead} onClose={onClose} onDeleted={onDeleted} />
  ) : null;
}

function DeleteLeadConfirmation({
  lead,
  onClose,
  onDeleted,
}: { lead: Lead } & Omit<DeleteLeadDialogProps, 'lead'>) {
  const deletion = useDeleteLead();

  function handleDelete() {
    deletion.mutate(lead.id, { onSuccess: () => onDeleted(lead) });
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !deletion.isPending) onClose();
      }}
      title="Delete Lead"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={deletion.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={handleDelete} isLoading={deletion.isPending}>
            {!deletion.isPending && <Trash2 className="size-4" aria-hidden="true" />}
            {deletion.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-slate-700">
        <p>Are you sure you want to delete this lead? This cannot be undone.</p>
        <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
          <p className="font-medium text-slate-900">{lead.parent_name}</p>
          <p className="text-slate-600 [overflow-wrap:anywhere]">{lead.email}</p>
        </div>
        <p className="text-slate-600">
          Their children, conversations and segment memberships are removed with them.
        </p>
        {deletion.isError && <Alert tone="error">Failed to delete lead</Alert>}
      </div>
    </Dialog>
  );
}
