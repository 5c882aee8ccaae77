import { deleteSuccessMessage, DELETE_TOAST_MS, KNOWLEDGE_MESSAGES } from '@lantern/contracts';
import { FolderOpen } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Card, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useDeleteDocument } from '../../api/delete-document';
import { useDocuments } from '../../api/get-documents';
import { LoadFailed } from '../load-failed';
import { DocumentRow } from './document-row';

const COLUMNS = ['Document', 'Category', 'Priority', 'Uploaded', 'Status', 'Chunks', 'Q&A Pairs'];
const NUMERIC = new Set(['Chunks', 'Q&A Pairs']);

/** 'Uploaded Documents': every document with its chunk state; a processing one is polled until done. */
export function DocumentsTable() {
  const documents = useDocuments();
  const deletion = useDeleteDocument();
  const [confirming, setConfirming] = useState<string | null>(null);

  function confirmDelete(id: string) {
    deletion.mutate(id, {
      onSuccess: ({ deletedChunks }) => {
        setConfirming(null);
        toast.success(deleteSuccessMessage(deletedChunks), { duration: DELETE_TOAST_MS });
      },
      onError: (error) => toast.error(errorMessage(error, KNOWLEDGE_MESSAGES.deleteFailed)),
    });
  }

  function renderBody() {
    if (!documents.data) {
      if (documents.isError) {
        return (
          <LoadFailed
            message={errorMessage(documents.error, KNOWLEDGE_MESSAGES.loadDocumentsFailed)}
            onRetry={() => void documents.refetch()}
            isRetrying={documents.isFetching}
          />
        );
      }
      return (
        <div role="status" aria-label="Loading documents" className="space-y-3 px-6 py-5">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      );
    }
    if (documents.data.length === 0) {
      return (
        <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
          <FolderOpen className="size-8 text-slate-400" aria-hidden="true" />
          <p className="font-medium text-slate-900">No documents uploaded yet</p>
          <p className="text-sm text-slate-600">Upload the school handbook or an FAQ to get started.</p>
        </div>
      );
    }
    return (
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[54rem] text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              {COLUMNS.map((column, index) => (
                <th
                  key={column}
                  scope="col"
                  className={`py-2.5 ${index === 0 ? 'pr-3 pl-4' : 'px-3'} ${NUMERIC.has(column) ? 'text-right' : ''}`}
                >
                  {column}
                </th>
              ))}
              <th scope="col" className="py-2.5 pr-4 pl-3 text-right">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {documents.data.map((document) => (
              <DocumentRow
                key={document.id}
                document={document}
                isConfirming={confirming === document.id}
                isDeleting={deletion.isPending && deletion.variables === document.id}
                onAskDelete={() => setConfirming(document.id)}
                onConfirm={() => confirmDelete(document.id)}
                onCancel={() => setConfirming(null)}
              />
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <Card className="overflow-hidden">
      <CardHeader
        title="Uploaded Documents"
        description={documents.data ? `${documents.data.length} in the knowledge base` : undefined}
      />
      {renderBody()}
    </Card>
  );
}
