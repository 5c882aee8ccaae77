import { zodResolver } from '@hookform/resolvers/zod';
import { segmentCloneName, segmentDisplayName, type Segment } from '@lantern/contracts';
import { Copy } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useCloneSegment } from '../api/clone-segment';

/** The copy's name, trimmed; the editor's words when it is empty. */
const cloneDraftSchema = z.object({ name: z.string().trim().min(1, 'Segment name is required') });
type CloneDraft = z.infer<typeof cloneDraftSchema>;

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
  // The problem shows under the name until it is edited; the keyboard stays where it was.
  const { control, handleSubmit, clearErrors } = useForm<CloneDraft>({
    resolver: zodResolver(cloneDraftSchema),
    defaultValues: { name: segmentCloneName(segment.name) },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const clone = useCloneSegment();

  function submit({ name }: CloneDraft) {
    if (clone.isPending) return;
    clone.mutate({ id: segment.id, name }, { onSuccess: onCloned });
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
      <form id={formId} onSubmit={handleSubmit(submit)} noValidate className="space-y-4">
        <Controller
          control={control}
          name="name"
          // Controlled, so the name is in the field when it takes focus and selects it.
          render={({ field: { onChange, ...field }, fieldState }) => (
            <TextField
              label="New segment name"
              {...field}
              onChange={(event) => {
                onChange(event);
                clearErrors('name');
              }}
              error={fieldState.error?.message}
              maxLength={120}
              autoFocus
              onFocus={(event) => event.target.select()}
              disabled={clone.isPending}
            />
          )}
        />
        {clone.isError && <Alert tone="error">{errorMessage(clone.error, 'Failed to clone segment')}</Alert>}
      </form>
    </Dialog>
  );
}
