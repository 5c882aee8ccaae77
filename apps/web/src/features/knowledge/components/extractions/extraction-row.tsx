import { extractionPreview, type TextExtraction } from '@lantern/contracts';
import { Eye } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { confidenceStyle, methodLabel, methodStyle, percent, pillStyles } from '../format';

const STATUS_STYLES = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  approved: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  rejected: 'bg-red-50 text-red-800 ring-red-600/30',
} as const;
const STATUS_LABELS = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' } as const;

/** One extraction: file, type, method, confidence, status, the text's first 100 characters; Review if pending. */
export function ExtractionRow({
  extraction,
  isSelected,
  onReview,
}: {
  extraction: TextExtraction;
  isSelected: boolean;
  onReview: () => void;
}) {
  const text = extraction.reviewed_text ?? extraction.extracted_text;
  const preview = extractionPreview(text);
  return (
    <li
      data-testid="extraction-row"
      className={cn('space-y-2 px-5 py-4', isSelected && 'bg-indigo-50/60')}
      aria-current={isSelected || undefined}
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 flex-1 font-medium text-slate-900 [overflow-wrap:anywhere]">
          {extraction.original_filename}
        </p>
        {extraction.status === 'pending' && (
          <Button size="sm" variant={isSelected ? 'primary' : 'secondary'} onClick={onReview}>
            <Eye className="size-4" aria-hidden="true" />
            Review<span className="sr-only"> {extraction.original_filename}</span>
          </Button>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className={`${pillStyles} bg-slate-100 text-slate-700 ring-slate-500/30 uppercase`}>
          {extraction.file_type}
        </span>
        <span className={`${pillStyles} ${methodStyle(extraction.extraction_method)}`}>
          {methodLabel(extraction.extraction_method)}
        </span>
        <span className={`${pillStyles} ${confidenceStyle(extraction.confidence_score)}`}>
          {percent(extraction.confidence_score)} confidence
        </span>
        <span className={`${pillStyles} ${STATUS_STYLES[extraction.status]}`}>
          {STATUS_LABELS[extraction.status]}
        </span>
        <span className="text-slate-600">{formatDateTime(extraction.extracted_at)}</span>
      </div>
      <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
        {preview ? (
          <>
            {preview}
            {text.length > preview.length && '…'}
          </>
        ) : (
          <span className="text-slate-600 italic">No text was found in this image.</span>
        )}
      </p>
    </li>
  );
}
