import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog } from './dialog';

type ConfirmDeleteDialogProps = {
  title: string;
  /** The question asked: 'Are you sure you want to delete this lead? This cannot be undone.' */
  question: ReactNode;
  /** What goes, in a grey box under the question: its name and a detail line. */
  subject?: { name: ReactNode; detail: ReactNode };
  /** What else happens, under the box: 'Their children ... are removed with them.' */
  consequence?: ReactNode;
  /** The danger button's text, and its text while the deletion runs (the same if left out). */
  confirmLabel: string;
  pendingLabel?: string;
  isPending: boolean;
  /** Shown in red when the deletion failed: 'Failed to delete lead'. */
  error: string | null;
  onConfirm: () => void;
  /** Cancel, Escape or the close button; ignored while the deletion runs. */
  onCancel: () => void;
};

/**
 * Asks before deleting or removing something; stays open while the request runs and shows its failure.
 * Mount it once per thing asked about, so a failure shown for one is gone for the next.
 */
export function ConfirmDeleteDialog({
  title,
  question,
  subject,
  consequence,
  confirmLabel,
  pendingLabel = confirmLabel,
  isPending,
  error,
  onConfirm,
  onCancel,
}: ConfirmDeleteDialogProps) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !isPending) onCancel();
      }}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} isLoading={isPending}>
            {!isPending && <Trash2 className="size-4" aria-hidden="true" />}
            {isPending ? pendingLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-slate-700">
        <p className="[overflow-wrap:anywhere]">{question}</p>
        {subject && (
          <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
            <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{subject.name}</p>
            <p className="text-slate-600 [overflow-wrap:anywhere]">{subject.detail}</p>
          </div>
        )}
        {consequence && <p className="text-slate-600">{consequence}</p>}
        {error && <Alert tone="error">{error}</Alert>}
      </div>
    </Dialog>
  );
}
