import { KNOWLEDGE_MESSAGES } from '@lantern/contracts';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

type DeleteChunkDialogProps = {
  open: boolean;
  isDeleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** The spec's confirmation before a chunk is deleted, in the shared (focus-trapped) dialog. */
export function DeleteChunkDialog({ open, isDeleting, onCancel, onConfirm }: DeleteChunkDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !isDeleting) onCancel();
      }}
      title="Delete Chunk"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={isDeleting}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} isLoading={isDeleting}>
            {!isDeleting && <Trash2 className="size-4" aria-hidden="true" />}
            {isDeleting ? 'Deleting...' : 'Delete Chunk'}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">{KNOWLEDGE_MESSAGES.deleteChunkConfirm}</p>
    </Dialog>
  );
}
