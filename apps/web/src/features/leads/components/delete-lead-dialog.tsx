import type { Lead } from '@lantern/contracts';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
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
  return (
    <ConfirmDeleteDialog
      title="Delete Lead"
      question="Are you sure you want to delete this lead? This cannot be undone."
      subject={{ name: lead.parent_name, detail: lead.email }}
      consequence="Their children, conversations and segment memberships are removed with them."
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      isPending={deletion.isPending}
      error={deletion.isError ? 'Failed to delete lead' : null}
      onConfirm={() => deletion.mutate(lead.id, { onSuccess: () => onDeleted(lead) })}
      onCancel={onClose}
    />
  );
}
