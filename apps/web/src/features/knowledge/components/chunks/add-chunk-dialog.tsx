import { KNOWLEDGE_MESSAGES, type KnowledgeDocument } from '@lantern/contracts';
import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
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
};

/** 'Add New Knowledge Chunk': a content textarea, Cancel and Create Chunk. */
export function AddChunkDialog({ open, document, onClose, onCreated }: AddChunkDialogProps) {
  return open ? <AddChunkForm document={document} onClose={onClose} onCreated={onCreated} /> : null;
}

function AddChunkForm({ document, onClose, onCreated }: Omit<AddChunkDialogProps, 'open'>) {
  const id = useId();
  const creation = useCreateChunk();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      // The spec's toast; the same words stay beside the textarea for screen readers and later glances.
      notify.error(KNOWLEDGE_MESSAGES.emptyChunk);
      setProblem(KNOWLEDGE_MESSAGES.emptyChunk);
      return;
    }
    setProblem(null);
    creation.mutate(
      { chunk_text: text.trim(), knowledge_base_id: document?.id ?? null },
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
      <form id={`${id}-form`} onSubmit={submit} noValidate className="space-y-3">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-content`}>Content</Label>
          <Textarea
            id={`${id}-content`}
            rows={10}
            value={text}
            autoFocus
            disabled={creation.isPending}
            placeholder="Write the fact or answer the chatbot should know..."
            aria-invalid={problem ? true : undefined}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        {problem && <Alert tone="error">{problem}</Alert>}
      </form>
    </Dialog>
  );
}
