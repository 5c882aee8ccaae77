import { KNOWLEDGE_MESSAGES, type KnowledgeChunk } from '@lantern/contracts';
import { Layers } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { methodLabel, methodStyle, pillStyles } from '../format';

type ChunkListProps = {
  chunks: KnowledgeChunk[] | null;
  selectedId: string | null;
  isFiltered: boolean;
  hasMore: boolean;
  isLoadingMore: boolean;
  onSelect: (id: string) => void;
  onLoadMore: () => void;
};

export function ChunkListSkeleton() {
  return (
    <div role="status" aria-label="Loading chunks" className="space-y-2 p-3">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="space-y-2 rounded-lg border border-slate-100 p-3">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-3 w-5/6" />
        </div>
      ))}
    </div>
  );
}

/** The left list of the chunk browser: each chunk a button (Tab, Enter), Load More while more exist. */
export function ChunkList({
  chunks,
  selectedId,
  isFiltered,
  hasMore,
  isLoadingMore,
  onSelect,
  onLoadMore,
}: ChunkListProps) {
  if (!chunks) return <ChunkListSkeleton />;
  if (chunks.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
        <Layers className="size-8 text-slate-400" aria-hidden="true" />
        <p className="font-medium text-slate-900">{KNOWLEDGE_MESSAGES.noChunks}</p>
        {isFiltered && <p className="text-sm text-slate-600">{KNOWLEDGE_MESSAGES.noChunksHint}</p>}
      </div>
    );
  }
  return (
    <div className="space-y-3 p-3">
      <ul aria-label="Knowledge chunks" className="space-y-2">
        {chunks.map((chunk) => {
          const isSelected = chunk.id === selectedId;
          return (
            <li key={chunk.id}>
              <button
                type="button"
                data-testid="chunk-item"
                aria-pressed={isSelected}
                // The whole chunk would be a very long name; its start identifies it.
                aria-label={`${chunk.document_name ?? 'Manual chunk'}, chunk #${chunk.chunk_index + 1}: ${chunk.chunk_text.slice(0, 120)}`}
                onClick={() => onSelect(chunk.id)}
                className={cn(
                  'w-full rounded-lg border p-3 text-left transition-colors',
                  isSelected
                    ? 'border-indigo-500 bg-indigo-50 ring-1 ring-indigo-500'
                    : 'border-slate-200 bg-white hover:border-slate-300 hover:bg-slate-50',
                )}
              >
                <span className="flex flex-wrap items-center gap-2">
                  <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">
                    {chunk.document_name ?? 'Manual chunk'}
                  </span>
                  <span className={`${pillStyles} ${methodStyle(chunk.extraction_method)}`}>
                    {methodLabel(chunk.extraction_method)}
                  </span>
                </span>
                <span className="mt-1 line-clamp-2 text-sm text-slate-700">{chunk.chunk_text}</span>
                <span className="mt-1 block text-xs text-slate-600">
                  Chunk #{chunk.chunk_index + 1} · {formatCount(chunk.token_count)} tokens
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {hasMore && (
        <Button variant="secondary" className="w-full" onClick={onLoadMore} isLoading={isLoadingMore}>
          Load More
        </Button>
      )}
    </div>
  );
}
