import type { KnowledgeDocument } from '@lantern/contracts';
import { CircleAlert, CircleCheck, Clock, Loader2 } from 'lucide-react';
import { pillStyles } from '../format';

/** The chunk state of a document: processing, chunked, waiting for review, or failed with its reason. */
export function DocumentStatus({ document }: { document: KnowledgeDocument }) {
  if (document.status === 'processing') {
    return (
      <span className={`${pillStyles} gap-1 bg-sky-50 text-sky-800 ring-sky-600/30`}>
        <Loader2 className="size-3 animate-spin" aria-hidden="true" />
        Processing
      </span>
    );
  }
  if (document.status === 'failed') {
    return (
      <div className="space-y-1">
        <span className={`${pillStyles} gap-1 bg-red-50 text-red-800 ring-red-600/30`}>
          <CircleAlert className="size-3" aria-hidden="true" />
          Failed
        </span>
        {document.failure_reason && (
          <p className="max-w-56 text-xs text-red-800 [overflow-wrap:anywhere]">{document.failure_reason}</p>
        )}
      </div>
    );
  }
  if (document.pending_extractions > 0) {
    return (
      <span className={`${pillStyles} gap-1 bg-amber-50 text-amber-900 ring-amber-600/30`}>
        <Clock className="size-3" aria-hidden="true" />
        Awaiting review
      </span>
    );
  }
  return (
    <span className={`${pillStyles} gap-1 bg-emerald-50 text-emerald-800 ring-emerald-600/30`}>
      <CircleCheck className="size-3" aria-hidden="true" />
      Chunked
    </span>
  );
}
