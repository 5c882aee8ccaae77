import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

type ConfirmActionDialogProps = {
  title: string;
  question: ReactNode;
  /** The campaign asked about: its name and a detail line, in a grey box. */
  subject: { name: ReactNode; detail: ReactNode };
  confirmLabel: string;
  pendingLabel: string;
  icon: ReactNode;
  isPending: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before Send Now or an admin's direct approval; stays open while the call runs and shows its failure. */
export function ConfirmActionDialog({
  title,
  question,
  subject,
  confirmLabel,
  pendingLabel,
  icon,
  isPending,
  error,
  onConfirm,
  onCancel,
}: ConfirmActionDialogProps) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !isPending && onCancel()}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={isPending}>
            Cancel
          </Button>
          <Button onClick={onConfirm} isLoading={isPending}>
            {!isPending && icon}
            {isPending ? pendingLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-slate-700">
        <p className="[overflow-wrap:anywhere]">{question}</p>
        <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
          <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{subject.name}</p>
          <p className="text-slate-600 [overflow-wrap:anywhere]">{subject.detail}</p>
        </div>
        {error && <Alert tone="error">{error}</Alert>}
      </div>
    </Dialog>
  );
}
