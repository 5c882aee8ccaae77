import { RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

type ResetDefaultsDialogProps = { isPending: boolean; onConfirm: () => void; onCancel: () => void };

/** Asks before every setting goes back to the spec's defaults (saved at once, for every visitor). */
export function ResetDefaultsDialog({ isPending, onConfirm, onCancel }: ResetDefaultsDialogProps) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !isPending) onCancel();
      }}
      title="Reset to defaults?"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} isLoading={isPending}>
            {!isPending && <RotateCcw className="size-4" aria-hidden="true" />}
            Reset to Defaults
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">
        Every widget setting goes back to its default and is saved straight away: names, welcome message,
        colours and behaviour. The widget on your website changes at once.
      </p>
    </Dialog>
  );
}
