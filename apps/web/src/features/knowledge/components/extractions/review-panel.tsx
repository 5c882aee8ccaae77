import { KNOWLEDGE_MESSAGES, type TextExtraction } from '@lantern/contracts';
import { Check, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { useExtractionImage } from '../../api/get-extraction-image';
import { useReviewExtraction } from '../../api/review-extraction';
import { confidenceStyle, methodLabel, methodStyle, percent, pillStyles } from '../format';

type ReviewPanelProps = { extraction: TextExtraction; onClose: () => void };

/** The review of one pending extraction: edit the text, then approve (it becomes chunks) or reject it. */
export function ReviewPanel({ extraction, onClose }: ReviewPanelProps) {
  const id = useId();
  const review = useReviewExtraction();
  const [text, setText] = useState(extraction.reviewed_text ?? extraction.extracted_text);
  const textRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => textRef.current?.focus(), []);
  const decision = review.isPending ? review.variables.status : null;

  function decide(status: 'approved' | 'rejected') {
    review.mutate(
      { id: extraction.id, status, reviewed_text: text },
      {
        onSuccess: () => {
          toast.success(
            status === 'approved'
              ? KNOWLEDGE_MESSAGES.extractionApproved
              : KNOWLEDGE_MESSAGES.extractionRejected,
          );
          onClose();
        },
        onError: (error) =>
          toast.error(
            errorMessage(
              error,
              status === 'approved' ? KNOWLEDGE_MESSAGES.approveFailed : KNOWLEDGE_MESSAGES.rejectFailed,
            ),
          ),
      },
    );
  }

  return (
    <Card aria-label="Review text extraction">
      <CardHeader
        title="Review Extraction"
        description={<span className="[overflow-wrap:anywhere]">{extraction.original_filename}</span>}
        actions={
          <Button
            variant="ghost"
            size="sm"
            onClick={onClose}
            disabled={review.isPending}
            aria-label="Close review"
          >
            <X className="size-4" aria-hidden="true" />
          </Button>
        }
      />
      <CardContent className="space-y-4">
        <div className="flex flex-wrap gap-2 text-xs">
          <span className={`${pillStyles} ${methodStyle(extraction.extraction_method)}`}>
            {methodLabel(extraction.extraction_method)}
          </span>
          <span className={`${pillStyles} ${confidenceStyle(extraction.confidence_score)}`}>
            {percent(extraction.confidence_score)} confidence
          </span>
        </div>
        <SourceImage extractionId={extraction.id} filename={extraction.original_filename} />
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-text`}>Extracted text</Label>
          <Textarea
            ref={textRef}
            id={`${id}-text`}
            rows={12}
            value={text}
            disabled={review.isPending}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={`${id}-hint`}
          />
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            Correct what the extraction misread. Approved text becomes chunks the chatbot answers from.
          </p>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="secondary"
            onClick={() => decide('rejected')}
            isLoading={decision === 'rejected'}
            disabled={review.isPending}
          >
            {decision !== 'rejected' && <X className="size-4" aria-hidden="true" />}
            Reject
          </Button>
          <Button
            onClick={() => decide('approved')}
            isLoading={decision === 'approved'}
            disabled={review.isPending}
          >
            {decision !== 'approved' && <Check className="size-4" aria-hidden="true" />}
            Approve
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** The image the text was read from, beside the text, so the reviewer can check what was misread. */
function SourceImage({ extractionId, filename }: { extractionId: string; filename: string }) {
  const image = useExtractionImage(extractionId);
  return (
    <figure className="space-y-1.5">
      <figcaption className="text-sm font-medium text-slate-800">Original image</figcaption>
      <div className="flex min-h-24 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-slate-50">
        {image.url ? (
          <img
            src={image.url}
            alt={`The image ${filename}, as uploaded`}
            className="max-h-72 w-auto object-contain"
          />
        ) : image.isError ? (
          <p className="p-4 text-sm text-slate-600">The original image is no longer available.</p>
        ) : (
          <div
            className="h-24 w-full animate-pulse bg-slate-100"
            aria-label="Loading the image"
            role="status"
          />
        )}
      </div>
    </figure>
  );
}
