import type { KnowledgeDocument } from '@lantern/contracts';
import { Check, FileText, Image, Trash2, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { formatCount, formatDate, formatTime } from '@/lib/format';
import { categoryLabel } from '../format';
import { DocumentStatus } from './document-status';

const IMAGE_TYPES = ['png', 'jpg', 'gif', 'webp'];

type DocumentRowProps = {
  document: KnowledgeDocument;
  isConfirming: boolean;
  isDeleting: boolean;
  onAskDelete: () => void;
  onConfirm: () => void;
  onCancel: () => void;
};

/** One uploaded document; delete is two-step: the trash, then Confirm or Cancel (spec 2.1). */
export function DocumentRow({
  document,
  isConfirming,
  isDeleting,
  onAskDelete,
  onConfirm,
  onCancel,
}: DocumentRowProps) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const trashRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    // Keyboard users land on the next step, and back on the trash after Cancel.
    if (isConfirming) confirmRef.current?.focus();
    else if (wasConfirming.current) trashRef.current?.focus();
    wasConfirming.current = isConfirming;
  }, [isConfirming]);
  const Icon = IMAGE_TYPES.includes(document.file_type) ? Image : FileText;

  return (
    <tr data-testid="knowledge-document-row" className="align-top">
      <td className="min-w-48 py-3 pr-3 pl-4">
        <div className="flex min-w-0 items-start gap-2">
          <Icon className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <div className="min-w-0">
            <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{document.document_name}</p>
            <p className="text-xs text-slate-600 uppercase">{document.file_type}</p>
          </div>
        </div>
      </td>
      <td className="px-3 py-3 text-slate-700">{categoryLabel(document.category)}</td>
      <td className="px-3 py-3 text-slate-700 tabular-nums">{document.priority}</td>
      <td className="px-3 py-3 whitespace-nowrap text-slate-700">
        {formatDate(document.uploaded_at)}
        <span className="block text-xs text-slate-600">{formatTime(document.uploaded_at)}</span>
      </td>
      <td className="px-3 py-3">
        <DocumentStatus document={document} />
      </td>
      <td className="px-3 py-3 text-right text-slate-900 tabular-nums">
        {formatCount(document.total_chunks)}
      </td>
      <td className="px-3 py-3 text-right text-slate-900 tabular-nums">
        {formatCount(document.question_answers.length)}
      </td>
      <td className="w-44 py-3 pr-4 pl-3 text-right">
        {isConfirming ? (
          <div className="flex justify-end gap-1.5">
            <Button ref={confirmRef} variant="danger" size="sm" onClick={onConfirm} isLoading={isDeleting}>
              {!isDeleting && <Check className="size-4" aria-hidden="true" />}
              Confirm
            </Button>
            <Button variant="secondary" size="sm" onClick={onCancel} disabled={isDeleting}>
              <X className="size-4" aria-hidden="true" />
              Cancel
            </Button>
          </div>
        ) : (
          <button
            ref={trashRef}
            type="button"
            onClick={onAskDelete}
            aria-label={`Delete ${document.document_name}`}
            title="Delete document"
            className="inline-flex size-8 items-center justify-center rounded-lg text-slate-600 hover:bg-red-50 hover:text-red-700"
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        )}
      </td>
    </tr>
  );
}
