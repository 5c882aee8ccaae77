import { zodResolver } from '@hookform/resolvers/zod';
import { chunkCreateSchema, KNOWLEDGE_MESSAGES, type KnowledgeDocument } from '@lantern/contracts';
import { Plus } from 'lucide-react';
import { useId } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useCreateChunk } from '../../api/create-chunk';

type AddChunkDialogProps = {
  open: boolean;
  /** The document chosen in the filter: the new chunk is attached to it (spec 2.1). */
  document: KnowledgeDocument | null;
  onClose: () => void;
  onCreated: (id: string) => void;
  /** Text the content starts with (analytics' "Add an answer" gives the unanswered question). */
  initialText?: string;
};

/** 'Add New Knowledge Chunk': a content textarea, Cancel and Create Chunk. */
export function AddChunkDialog({ open, ...props }: AddChunkDialogProps) {
  return open ? <AddChunkForm {...props} /> : null;
}

/** The new chunk's text, checked (and trimmed) as the server checks it. */
const newChunkSchema = chunkCreateSchema.pick({ chunk_text: true });
type NewChunk = { chunk_text: string };

function AddChunkForm({ document, onClose, onCreated, initialText = '' }: Omit<AddChunkDialogProps, 'open'>) {
  const id = useId();
  const creation = useCreateChunk();
  const { register, handleSubmit, formState } = useForm<NewChunk>({
    resolver: zodResolver(newChunkSchema),
    defaultValues: { chunk_text: initialText },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const problem = formState.errors.chunk_text?.message;

  // The spec's toast; the same words stay beside the textarea for screen readers and later glances.
  function refuse(errors: FieldErrors<NewChunk>) {
    notify.error(errors.chunk_text?.message ?? KNOWLEDGE_MESSAGES.emptyChunk);
  }

  function submit({ chunk_text }: NewChunk) {
    creation.mutate(
      { chunk_text, knowledge_base_id: document?.id ?? null },
      {
        onSuccess: (chunk) => {
          toast.success(KNOWLEDGE_MESSAGES.chunkCreated);
          onCreated(chunk.id);
        },
        onError: (error) => toast.error(errorMessage(error, KNOWLEDGE_MESSAGES.chunkCreateFailed)),
      },
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next && !creation.isPending) onClose();
      }}
      title={KNOWLEDGE_MESSAGES.addChunkTitle}
      description={
        document
          ? `The chunk is added to ${document.document_name}.`
          : 'The chunk is added on its own, in the category Manual.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={creation.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} isLoading={creation.isPending}>
            {!creation.isPending && <Plus className="size-4" aria-hidden="true" />}
            Create Chunk
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={handleSubmit(submit, refuse)} noValidate className="space-y-3">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-content`}>Content</Label>
          <Textarea
            id={`${id}-content`}
            rows={10}
            autoFocus
            disabled={creation.isPending}
            placeholder="Write the fact or answer the chatbot should know..."
            aria-invalid={problem ? true : undefined}
            {...register('chunk_text')}
          />
        </div>
        {problem && <Alert tone="error">{problem}</Alert>}
      </form>
    </Dialog>
  );
}
