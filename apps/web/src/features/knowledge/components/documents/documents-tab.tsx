import {
  KNOWLEDGE_MESSAGES,
  UPLOAD_TOAST_MS,
  uploadSuccessMessage,
  type KnowledgeUploadResponse,
} from '@lantern/contracts';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { useDocuments } from '../../api/get-documents';
import { DocumentsTable } from './documents-table';
import { KnowledgeStatsHeader } from './knowledge-stats';
import { SearchTestPanel } from './search-test-panel';
import { UploadInfoPanel } from './upload-info-panel';
import { UploadPanel } from './upload-panel';

const REVIEW_NOTE = 'Its text is waiting for your review in Text Extractions.';

/** The documents tab: statistics, upload with its side panel, the documents and the search test. */
export function DocumentsTab() {
  const documents = useDocuments();
  // Uploads the server answered 'processing': their toast comes when the polled list shows them done.
  const watching = useRef(new Set<string>());

  useEffect(() => {
    if (watching.current.size === 0 || !documents.data) return;
    const settled = documents.data.filter((d) => watching.current.has(d.id) && d.status !== 'processing');
    for (const document of settled) {
      watching.current.delete(document.id);
      if (document.status === 'failed') {
        toast.error(document.failure_reason ?? KNOWLEDGE_MESSAGES.uploadFailed);
      } else {
        toast.success(uploadSuccessMessage(document.total_chunks, document.question_answers.length), {
          duration: UPLOAD_TOAST_MS,
        });
      }
    }
  }, [documents.data]);

  function handleUploaded(answer: KnowledgeUploadResponse) {
    if (answer.status === 'processing') {
      watching.current.add(answer.document.id);
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
