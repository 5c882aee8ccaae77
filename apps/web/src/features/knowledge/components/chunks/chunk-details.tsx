import { zodResolver } from '@hookform/resolvers/zod';
import {
  chunkUpdateSchema,
  KNOWLEDGE_MESSAGES,
  type ChunkUpdate,
  type KnowledgeChunk,
} from '@lantern/contracts';
import { MousePointerClick, Pencil, Save, Trash2, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDateTime } from '@/lib/format';
import { useChunk } from '../../api/get-chunk';
import { useDeleteChunk } from '../../api/delete-chunk';
import { useUpdateChunk } from '../../api/update-chunk';
import { categoryLabel, methodLabel, methodStyle, pillStyles } from '../format';
import { LoadFailed } from '../load-failed';
import { DeleteChunkDialog } from './delete-chunk-dialog';

type ChunkDetailsProps = { chunkId: string | null; onDeleted: (id: string) => void };

/** 'Chunk Details': the whole chunk, with Edit/Cancel, Save and Delete (spec 2.1 and 4). */
export function ChunkDetails({ chunkId, onDeleted }: ChunkDetailsProps) {
  const chunk = useChunk(chunkId);

  useEffect(() => {
    if (chunk.isError) toast.error(errorMessage(chunk.error, KNOWLEDGE_MESSAGES.loadChunkFailed));
  }, [chunk.isError, chunk.error]);

  if (!chunkId) {
    return (
      <div className="flex flex-col items-center gap-2 px-6 py-16 text-center">
        <MousePointerClick className="size-8 text-slate-400" aria-hidden="true" />
        <p className="text-sm text-slate-600">{KNOWLEDGE_MESSAGES.selectChunk}</p>
      </div>
    );
  }
  if (chunk.isError && !chunk.data) {
    return (
      <LoadFailed
        message={KNOWLEDGE_MESSAGES.loadChunkFailed}
        onRetry={() => void chunk.refetch()}
        isRetrying={chunk.isFetching}
      />
    );
  }
  if (!chunk.data) {
    return (
      <div role="status" aria-label="Loading chunk details" className="space-y-3 p-5">
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  // Keyed by chunk, so editing state never carries over to another chunk.
  return <ChunkView key={chunk.data.id} chunk={chunk.data} onDeleted={onDeleted} />;
}

function ChunkView({ chunk, onDeleted }: { chunk: KnowledgeChunk; onDeleted: (id: string) => void }) {
  const id = useId();
  const update = useUpdateChunk();
  const deletion = useDeleteChunk();
  const [isEditing, setIsEditing] = useState(false);
  // The text is checked (and trimmed) as the server checks it; a problem is the spec's toast only.
  const { register, handleSubmit, reset } = useForm<ChunkUpdate>({
    resolver: zodResolver(chunkUpdateSchema),
    defaultValues: { chunk_text: chunk.chunk_text },
    shouldFocusError: false,
  });
  const [isConfirming, setIsConfirming] = useState(false);
  const isBusy = update.isPending || deletion.isPending;

  function toggleEdit() {
    reset({ chunk_text: chunk.chunk_text });
    setIsEditing((editing) => !editing);
  }

  function refuse(errors: FieldErrors<ChunkUpdate>) {
    toast.error(errors.chunk_text?.message ?? KNOWLEDGE_MESSAGES.emptyChunk);
  }

  function save({ chunk_text }: ChunkUpdate) {
    update.mutate(
      { id: chunk.id, chunk_text },
      {
        onSuccess: () => {
          setIsEditing(false);
          toast.success(KNOWLEDGE_MESSAGES.chunkUpdated);
        },
        onError: (error) => toast.error(errorMessage(error, KNOWLEDGE_MESSAGES.chunkUpdateFailed)),
      },
    );
  }

  function remove() {
    deletion.mutate(chunk.id, {
      onSuccess: () => {
        setIsConfirming(false);
        toast.success(KNOWLEDGE_MESSAGES.chunkDeleted);
        onDeleted(chunk.id);
      },
      onError: (error) => {
        setIsConfirming(false);
        toast.error(errorMessage(error, KNOWLEDGE_MESSAGES.chunkDeleteFailed));
      },
    });
  }

  return (
    <div className="space-y-4 p-5" data-testid="chunk-details">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">
            {chunk.document_name ?? 'Manual chunk'}
          </p>
          <p className="text-xs text-slate-600">
            Chunk #{chunk.chunk_index + 1} · {formatCount(chunk.token_count)} tokens ·{' '}
            {formatDateTime(chunk.created_at)}
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={toggleEdit} disabled={isBusy}>
            {isEditing ? (
              <X className="size-4" aria-hidden="true" />
            ) : (
              <Pencil className="size-4" aria-hidden="true" />
            )}
            {isEditing ? 'Cancel' : 'Edit'}
          </Button>
          <Button variant="danger" size="sm" onClick={() => setIsConfirming(true)} disabled={isBusy}>
            <Trash2 className="size-4" aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <span className={`${pillStyles} bg-slate-100 text-slate-700 ring-slate-500/30`}>
          {categoryLabel(chunk.category)}
        </span>
        <span className={`${pillStyles} ${methodStyle(chunk.extraction_method)}`}>
          {methodLabel(chunk.extraction_method)}
        </span>
        {chunk.has_embedding && (
          <span className={`${pillStyles} bg-sky-50 text-sky-800 ring-sky-600/30`}>Embedded</span>
        )}
      </div>
      {isEditing ? (
        <form onSubmit={handleSubmit(save, refuse)} noValidate className="space-y-3">
          <Label htmlFor={`${id}-text`} className="sr-only">
            Chunk text
          </Label>
          <Textarea
            id={`${id}-text`}
            rows={14}
            autoFocus
            disabled={update.isPending}
            {...register('chunk_text')}
          />
          <div className="flex justify-end">
            <Button type="submit" isLoading={update.isPending}>
              {!update.isPending && <Save className="size-4" aria-hidden="true" />}
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      ) : (
        <p className="max-h-[28rem] overflow-y-auto rounded-lg bg-slate-50 p-4 text-sm whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
          {chunk.chunk_text}
        </p>
      )}
      <DeleteChunkDialog
        open={isConfirming}
        isDeleting={deletion.isPending}
        onCancel={() => setIsConfirming(false)}
        onConfirm={remove}
      />
    </div>
  );
}
