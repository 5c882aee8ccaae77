import { segmentCloneName, segmentDisplayName, type Segment } from '@lantern/contracts';
import { Copy } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useCloneSegment } from '../api/clone-segment';

type CloneSegmentDialogProps = {
  /** The segment to copy; null when the dialog is closed. */
  segment: Segment | null;
  onClose: () => void;
  onCloned: (clone: Segment) => void;
};

export function CloneSegmentDialog({ segment, onClose, onCloned }: CloneSegmentDialogProps) {
  // Mounted per segment, so each opening starts from '<name as shown> (Copy)'.
  return segment ? (
    <CloneSegmentForm key={segment.id} segment={segment} onClose={onClose} onCloned={onCloned} />
  ) : null;
}

function CloneSegmentForm({
  segment,
  onClose,
  onCloned,
}: { segment: Segment } & Omit<CloneSegmentDialogProps, 'segment'>) {
  const formId = useId();
  const [name, setName] = useState(() => segmentCloneName(segment.name));
  const [nameError, setNameError] = useState<string | null>(null);
  const clone = useCloneSegment();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (clone.isPending) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Segment name is required');
      return;
    }
    clone.mutate({ id: segment.id, name: trimmed }, { onSuccess: onCloned });
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !clone.isPending) onClose();
      }}
      title="Clone Segment"
      description={`A copy of ${segmentDisplayName(segment.name)} with the same settings and rules.`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={clone.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={clone.isPending}>
            {!clone.isPending && <Copy className="size-4" aria-hidden="true" />}
            {clone.isPending ? 'Cloning...' : 'Clone Segment'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={handleSubmit} noValidate className="space-y-4">
        <TextField
          label="New segment name"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(null);
          }}
          error={nameError}
          maxLength={120}
          autoFocus
          onFocus={(event) => event.target.select()}
          disabled={clone.isPending}
        />
        {clone.isError && <Alert tone="error">{errorMessage(clone.error, 'Failed to clone segment')}</Alert>}
      </form>
    </Dialog>
  );
}
