import { campaignPerSegmentNote, type CampaignSegmentOption, type Compatibility } from '@lantern/contracts';
import { Check, Users } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { countOf } from '@/lib/format';

type SegmentPickerProps = {
  segments: CampaignSegmentOption[] | undefined;
  isLoading: boolean;
  selected: string[];
  onChange: (ids: string[]) => void;
  /** Editing allows exactly one segment: choosing another replaces it. */
  isSingle: boolean;
  error?: string;
  errorId: string;
  isDisabled?: boolean;
};

/**
 * Segment multi-select cards (2.7): name, description and active (sendable) lead count. Only
 * segments with sendable leads can be chosen (5.5); a segment chosen before it emptied stays
 * selectable so it can be taken off.
 */
export function SegmentPicker({
  segments,
  isLoading,
  selected,
  onChange,
  isSingle,
  error,
  errorId,
  isDisabled,
}: SegmentPickerProps) {
  if (isLoading) {
    return (
      <div className="grid gap-3 sm:grid-cols-2" role="status" aria-label="Loading segments">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-20" />
        ))}
      </div>
    );
  }
  // A failed load is reported by the dialog ('Failed to load segments').
  if (!segments) return null;
  if (segments.length === 0) {
    return (
      <Alert tone="warning">No segments yet. Create a segment with leads before creating a campaign.</Alert>
    );
  }
  const toggle = (id: string) => {
    if (selected.includes(id)) onChange(selected.filter((s) => s !== id));
    else onChange(isSingle ? [id] : [...selected, id]);
  };
  return (
    <div>
      <div
        className="grid max-h-72 gap-3 overflow-y-auto p-0.5 sm:grid-cols-2"
        role="group"
        aria-label="Segments"
        aria-describedby={error ? errorId : undefined}
      >
        {segments.map((segment) => {
          const isSelected = selected.includes(segment.id);
          const isOffered = segment.active_leads > 0 && !segment.never_contact;
          return (
            <label
              key={segment.id}
              className={cn(
                'relative flex cursor-pointer gap-3 rounded-lg border p-3 text-left transition-colors focus-within:ring-2 focus-within:ring-indigo-600/40',
                isSelected
                  ? 'border-indigo-600 bg-indigo-50'
                  : 'border-slate-200 bg-white hover:border-slate-300',
                !isOffered && !isSelected && 'cursor-not-allowed opacity-60',
              )}
              data-testid="segment-option"
            >
              <input
                type={isSingle ? 'radio' : 'checkbox'}
                name="campaign-segments"
                className="sr-only"
                checked={isSelected}
                disabled={isDisabled || (!isOffered && !isSelected)}
                onChange={() => toggle(segment.id)}
              />
              <span
                aria-hidden="true"
                className={cn(
                  'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded border',
                  isSelected ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-slate-400 bg-white',
                )}
              >
                {isSelected && <Check className="size-3.5" />}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-slate-900 [overflow-wrap:anywhere]">
                  {segment.name}
                </span>
                <span className="line-clamp-2 text-xs text-slate-600">
                  {segment.description || 'No description'}
                </span>
                <span className="mt-1 flex items-center gap-1 text-xs font-medium text-slate-700">
                  <Users className="size-3.5" aria-hidden="true" />
                  {countOf(segment.active_leads, 'active lead', 'active leads')}
                  {segment.never_contact && <span className="text-red-700"> · Do not contact</span>}
                  {!segment.is_active && <span className="text-amber-800"> · Inactive</span>}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The banner of 2.7: recipients across the chosen segments, each family counted once. */
export function RecipientsBanner({
  selectedCount,
  compatibility,
  isChecking,
  isCreating,
  hasFailed = false,
}: {
  selectedCount: number;
  compatibility: Compatibility | undefined;
  isChecking: boolean;
  isCreating: boolean;
  /** The count could not be made (the chosen segments' sizes still show on their cards). */
  hasFailed?: boolean;
}) {
  if (selectedCount === 0) return null;
  const total = compatibility?.total_recipients;
  const overlap = compatibility?.overlapping_recipients ?? 0;
  const isSafe = !compatibility || compatibility.safetyLevel === 'safe';
  return (
    <Alert tone={isSafe ? 'info' : 'warning'} className="mt-3">
      <p data-testid="recipients-banner" aria-live="polite">
        {total === undefined ? (
          hasFailed ? (
            'The recipients could not be counted just now.'
          ) : (
            'Counting recipients…'
          )
        ) : (
          <>
            <span className="font-semibold">{countOf(total, 'recipient', 'total recipients')}</span> across{' '}
            {countOf(selectedCount, 'segment', 'segments')}
            {overlap > 0 &&
              ` (${countOf(overlap, 'family is', 'families are')} in more than one and will get one email)`}
            {isChecking && ' · updating…'}
          </>
        )}
      </p>
      {isCreating && selectedCount > 1 && <p className="mt-1">{campaignPerSegmentNote(selectedCount)}</p>}
      {compatibility && compatibility.conflicts.length > 0 && (
        <p className="mt-1 font-medium">{compatibility.recommendation}</p>
      )}
      {compatibility && compatibility.conflicts.length > 0 && (
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {compatibility.conflicts.map((conflict) => (
            <li key={`${conflict.type}-${conflict.segment_ids.join()}`}>{conflict.message}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
