import { segmentDisplayName, type Segment } from '@lantern/contracts';
import { RotateCw } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { countOf } from '@/lib/format';

type SegmentPickerProps = {
  segments: Segment[] | undefined;
  isError: boolean;
  isRetrying: boolean;
  onRetry: () => void;
  /** In the order they were chosen. */
  chosenIds: string[];
  primaryId: string | null;
  disabled: boolean;
  onChange: (chosenIds: string[], primaryId: string | null) => void;
};

/**
 * The segments the resource is for: checkboxes, and among the chosen a primary (the first chosen
 * unless another is marked), whose families are offered the resource first.
 */
export function SegmentPicker({
  segments,
  isError,
  isRetrying,
  onRetry,
  chosenIds,
  primaryId,
  disabled,
  onChange,
}: SegmentPickerProps) {
  const id = useId();

  function toggle(segmentId: string, isChosen: boolean) {
    const next = isChosen ? [...chosenIds, segmentId] : chosenIds.filter((chosen) => chosen !== segmentId);
    const primary = primaryId && next.includes(primaryId) ? primaryId : (next[0] ?? null);
    onChange(next, primary);
  }

  function renderList() {
    if (!segments) {
      if (isError) {
        return (
          <div className="rounded-lg border border-slate-200 px-4 py-4 text-sm text-slate-600">
            <p>Segments could not be loaded.</p>
            <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry} isLoading={isRetrying}>
              {!isRetrying && <RotateCw className="size-4" aria-hidden="true" />}
              Try again
            </Button>
          </div>
        );
      }
      return (
        <div
          role="status"
          aria-label="Loading segments"
          className="space-y-2 rounded-lg border border-slate-200 p-3"
        >
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-5 w-full" />
          ))}
        </div>
      );
    }
    if (segments.length === 0) {
      return (
        <p className="rounded-lg border border-slate-200 px-4 py-4 text-sm text-slate-600">
          There are no segments to assign yet. Create one on the Segments screen first.
        </p>
      );
    }
    return (
      <ul className="max-h-60 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
        {segments.map((segment) => {
          const name = segmentDisplayName(segment.name);
          const isChosen = chosenIds.includes(segment.id);
          const checkboxId = `${id}-${segment.id}`;
          return (
            <li
              key={segment.id}
              className={cn('flex items-center gap-3 px-3 py-2', isChosen && 'bg-indigo-50/50')}
            >
              <Checkbox
                id={checkboxId}
                checked={isChosen}
                disabled={disabled}
                onChange={(event) => toggle(segment.id, event.target.checked)}
              />
              <label htmlFor={checkboxId} className="min-w-0 flex-1 cursor-pointer text-sm">
                <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{name}</span>
                <span className="ml-2 text-xs text-slate-600">
                  {countOf(segment.active_leads ?? 0, 'lead', 'leads')}
                  {segment.is_active ? '' : ' · paused'}
                </span>
              </label>
              {isChosen && (
                <label className="flex shrink-0 cursor-pointer items-center gap-1.5 text-xs font-medium text-slate-700">
                  <input
                    type="radio"
                    name={`${id}-primary`}
                    checked={primaryId === segment.id}
                    disabled={disabled}
                    onChange={() => onChange(chosenIds, segment.id)}
                    className="size-4 cursor-pointer accent-indigo-600"
                  />
                  Primary<span className="sr-only"> segment: {name}</span>
                </label>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <fieldset className="min-w-0 space-y-1.5" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium text-slate-800">Segments</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Families in these segments are offered the resource. The first one you choose is primary unless you
        mark another.
      </p>
      {renderList()}
    </fieldset>
  );
}
