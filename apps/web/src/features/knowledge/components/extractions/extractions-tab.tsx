import { KNOWLEDGE_MESSAGES, type TextExtraction } from '@lantern/contracts';
import { ScanText } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Card, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useExtractions, type ExtractionFilter } from '../../api/get-extractions';
import { LoadFailed } from '../load-failed';
import { ExtractionRow } from './extraction-row';
import { ExtractionStatsHeader } from './extraction-stats';
import { ReviewPanel } from './review-panel';

const FILTERS: { value: ExtractionFilter; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

/** The Text Extractions tab: statistics, the latest 50 extractions (by status) and the review panel. */
export function ExtractionsTab() {
  const id = useId();
  const [status, setStatus] = useState<ExtractionFilter>('all');
  const list = useExtractions(status);
  const [reviewing, setReviewing] = useState<TextExtraction | null>(null);

  useEffect(() => {
    if (list.isError) toast.error(errorMessage(list.error, KNOWLEDGE_MESSAGES.loadExtractionsFailed));
  }, [list.isError, list.error]);

  function renderList() {
    if (!list.data) {
      if (list.isError) {
        return (
          <LoadFailed
            message={KNOWLEDGE_MESSAGES.loadExtractionsFailed}
            onRetry={() => void list.refetch()}
            isRetrying={list.isFetching}
          />
        );
      }
      return (
        <div role="status" aria-label="Loading text extractions" className="space-y-4 px-5 py-4">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      );
    }
    if (list.data.length === 0) {
      return (
        <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
          <ScanText className="size-8 text-slate-400" aria-hidden="true" />
          <p className="font-medium text-slate-900">No text extractions</p>
          <p className="text-sm text-slate-600">
            {status === 'all'
              ? 'Upload an image on the Documents tab and its text appears here for review.'
              : 'None with this status. Choose another status to see more.'}
          </p>
        </div>
      );
    }
    return (
      <ul
        aria-label="Text extractions"
        className={cn('divide-y divide-slate-100', list.isPlaceholderData && 'opacity-60')}
      >
        {list.data.map((extraction) => (
          <ExtractionRow
            key={extraction.id}
            extraction={extraction}
            isSelected={reviewing?.id === extraction.id}
            onReview={() => setReviewing(extraction)}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="space-y-6">
      <ExtractionStatsHeader />
      <div className={cn('grid gap-6', reviewing && 'xl:grid-cols-5')}>
        <Card className={cn('overflow-hidden', reviewing && 'xl:col-span-3')}>
          <CardHeader
            title="Text Extractions"
            description="Text read from uploaded images, waiting for or after review"
            actions={
              <div className="flex items-center gap-2">
                <Label htmlFor={`${id}-status`} className="sr-only">
                  Status
                </Label>
                <Select
                  id={`${id}-status`}
                  value={status}
                  onChange={(e) => setStatus(e.target.value as ExtractionFilter)}
                >
                  {FILTERS.map((filter) => (
                    <option key={filter.value} value={filter.value}>
                      {filter.label}
                    </option>
                  ))}
                </Select>
              </div>
            }
          />
          {renderList()}
        </Card>
        {reviewing && (
          <div className="xl:col-span-2">
            <ReviewPanel key={reviewing.id} extraction={reviewing} onClose={() => setReviewing(null)} />
          </div>
        )}
      </div>
    </div>
  );
}
