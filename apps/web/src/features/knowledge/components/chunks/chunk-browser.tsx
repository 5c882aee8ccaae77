import { chunkCountMessage, KNOWLEDGE_MESSAGES } from '@lantern/contracts';
import { Plus, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { useChunks } from '../../api/get-chunks';
import { useDocuments } from '../../api/get-documents';
import { categoryLabel } from '../format';
import { LoadFailed } from '../load-failed';
import { AddChunkDialog } from './add-chunk-dialog';
import { ChunkDetails } from './chunk-details';
import { ChunkList } from './chunk-list';
import { useDebouncedValue } from './use-debounced-value';

const SEARCH_DEBOUNCE_MS = 300;

/** The Chunk Browser tab: search and document filter, the chunk list, 'Chunk Details' and Add Chunk. */
export function ChunkBrowser() {
  const id = useId();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [documentId, setDocumentId] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  const documents = useDocuments();
  const list = useChunks({ search, documentId });

  useEffect(() => {
    if (list.isError) toast.error(errorMessage(list.error, KNOWLEDGE_MESSAGES.loadChunksFailed));
  }, [list.isError, list.error]);
  useEffect(() => {
    if (documents.isError) toast.error(errorMessage(documents.error, KNOWLEDGE_MESSAGES.loadDocumentsFailed));
  }, [documents.isError, documents.error]);

  const chunks = list.data ? list.data.pages.flatMap((page) => page.chunks) : null;
  const total = list.data?.pages.at(-1)?.total ?? 0;
  const chosenDocument = documents.data?.find((d) => d.id === documentId) ?? null;
  const isFiltered = search !== '' || documentId !== '';

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Knowledge Chunks</h2>
          <p className="text-sm text-slate-600">Browse, correct and add what the chatbot answers from</p>
        </div>
        <Button onClick={() => setIsAdding(true)}>
          <Plus className="size-4" aria-hidden="true" />
          Add Chunk
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-[1fr_16rem]">
        <div className="relative">
          <Label htmlFor={`${id}-search`} className="sr-only">
            Search chunks
          </Label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <Input
            id={`${id}-search`}
            type="search"
            className="pl-9"
            placeholder={KNOWLEDGE_MESSAGES.searchPlaceholder}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-document`} className="sr-only">
            Document
          </Label>
          <Select
            id={`${id}-document`}
            value={documentId}
            onChange={(event) => setDocumentId(event.target.value)}
          >
            <option value="">{KNOWLEDGE_MESSAGES.allDocuments}</option>
            {documents.data?.map((document) => (
              <option key={document.id} value={document.id}>
                {document.document_name} ({categoryLabel(document.category)})
              </option>
            ))}
          </Select>
        </div>
      </div>
      <p className="text-sm text-slate-600" role="status">
        {chunks ? chunkCountMessage(chunks.length, total) : ''}
      </p>
      <div className="grid gap-4 md:grid-cols-5">
        <Card className="overflow-hidden md:col-span-2">
          <h3 className="sr-only">Chunks</h3>
          <div className="max-h-[40rem] overflow-y-auto" aria-busy={list.isFetching || undefined}>
            {list.isError && !chunks ? (
              <LoadFailed
                message={KNOWLEDGE_MESSAGES.loadChunksFailed}
                onRetry={() => void list.refetch()}
                isRetrying={list.isFetching}
              />
            ) : (
              <ChunkList
                chunks={chunks}
                selectedId={selectedId}
                isFiltered={isFiltered}
                hasMore={!!list.hasNextPage}
                isLoadingMore={list.isFetchingNextPage}
                onSelect={setSelectedId}
                onLoadMore={() => void list.fetchNextPage()}
              />
            )}
          </div>
        </Card>
        <Card className="md:col-span-3">
          <h3 className="border-b border-slate-100 px-5 py-4 text-base font-semibold text-slate-900">
            {KNOWLEDGE_MESSAGES.chunkDetails}
          </h3>
          <ChunkDetails
            chunkId={selectedId}
            onDeleted={(deleted) => setSelectedId((current) => (current === deleted ? null : current))}
          />
        </Card>
      </div>
      <AddChunkDialog
        open={isAdding}
        document={chosenDocument}
        onClose={() => setIsAdding(false)}
        onCreated={(created) => {
          setIsAdding(false);
          setSelectedId(created);
        }}
      />
    </div>
  );
}
