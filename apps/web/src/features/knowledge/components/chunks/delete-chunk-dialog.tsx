import { KNOWLEDGE_MESSAGES } from '@lantern/contracts';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';

type DeleteChunkDialogProps = {
  open: boolean;
  isDeleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** The spec's confirmation before a chunk is deleted (a failure is reported by toast, as the spec says). */
export function DeleteChunkDialog({ open, isDeleting, onCancel, onConfirm }: DeleteChunkDialogProps) {
  if (!open) return null;
  return (
    <ConfirmDeleteDialog
      title="Delete Chunk"
      question={KNOWLEDGE_MESSAGES.deleteChunkConfirm}
      confirmLabel="Delete Chunk"
      pendingLabel="Deleting..."
      isPending={isDeleting}
      error={null}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
