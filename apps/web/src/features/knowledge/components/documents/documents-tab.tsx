import {
  KNOWLEDGE_MESSAGES,
  UPLOAD_TOAST_MS,
  uploadSuccessMessage,
  type KnowledgeUploadResponse,
} from '@lantern/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { useDocuments } from '../../api/get-documents';
import { refreshKnowledgeData } from '../../api/refresh-knowledge-data';
import { DocumentsTable } from './documents-table';
import { KnowledgeStatsHeader } from './knowledge-stats';
import { SearchTestPanel } from './search-test-panel';
import { UploadInfoPanel } from './upload-info-panel';
import { UploadPanel } from './upload-panel';

const REVIEW_NOTE = 'Its text is waiting for your review in Text Extractions.';

/** The documents tab: statistics, upload with its side panel, the documents and the search test. */
export function DocumentsTab() {
  const queryClient = useQueryClient();
  const documents = useDocuments();
  // Uploads the server answered 'processing': their toast comes when the polled list shows them done.
  const watching = useRef(new Set<string>());
  // Documents seen processing (any upload, this tab's or another's), to notice when they finish.
  const processing = useRef(new Set<string>());

  useEffect(() => {
    if (!documents.data) return;
    const settled = documents.data.filter((d) => processing.current.has(d.id) && d.status !== 'processing');
    processing.current = new Set(documents.data.filter((d) => d.status === 'processing').map((d) => d.id));
    // The statistics and chunk lists were read while it was processing: read them again.
    if (settled.length > 0) void refreshKnowledgeData(queryClient);
    for (const document of settled.filter((d) => watching.current.has(d.id))) {
      watching.current.delete(document.id);
      if (document.status === 'failed') {
        toast.error(document.failure_reason ?? KNOWLEDGE_MESSAGES.uploadFailed);
      } else {
        toast.success(uploadSuccessMessage(document.total_chunks, document.question_answers.length), {
          duration: UPLOAD_TOAST_MS,
        });
      }
    }
    // dataUpdatedAt: a read that changed nothing still settles an upload that finished before it.
  }, [documents.data, documents.dataUpdatedAt, queryClient]);

  function handleUploaded(answer: KnowledgeUploadResponse) {
    if (answer.status === 'processing') {
      watching.current.add(answer.document.id);
      processing.current.add(answer.document.id);
      // It may have finished while the list was being read: one more read settles it either way.
      void documents.refetch();
      toast.info(`${answer.document.document_name} uploaded: it is being processed into chunks.`);
      return;
    }
    toast.success(uploadSuccessMessage(answer.totalChunks, answer.extractedQAs), {
      duration: UPLOAD_TOAST_MS,
      description: answer.textExtractions > 0 ? REVIEW_NOTE : undefined,
    });
  }

  return (
    <div className="space-y-6">
      <KnowledgeStatsHeader />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <UploadPanel onUploaded={handleUploaded} onFailed={(message) => toast.error(message)} />
        </div>
        <UploadInfoPanel />
      </div>
      <DocumentsTable />
      <SearchTestPanel />
    </div>
  );
}
