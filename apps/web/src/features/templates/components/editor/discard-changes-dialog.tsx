import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

type DiscardChangesDialogProps = {
  open: boolean;
  onKeepEditing: () => void;
  onDiscard: () => void;
};

/** Cancel with unsaved edits asks first: a long HTML template is easily lost to one click. */
export function DiscardChangesDialog({ open, onKeepEditing, onDiscard }: DiscardChangesDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onKeepEditing();
      }}
      title="Discard your changes?"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onKeepEditing}>
            Keep editing
          </Button>
          <Button variant="danger" onClick={onDiscard}>
            Discard changes
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">
        The template has changes that are not saved. They will be lost.
      </p>
    </Dialog>
  );
}
