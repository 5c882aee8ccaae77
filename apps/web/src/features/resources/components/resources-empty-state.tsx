import { CloudOff, FilterX, Gift, Plus, RotateCw, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** No rows: nothing matches the category and segment chosen, or there are no resources yet. */
export function ResourcesEmptyState({
  isFiltered,
  onClearFilters,
  onAdd,
}: {
  isFiltered: boolean;
  onClearFilters: () => void;
  onAdd: () => void;
}) {
  const Icon = isFiltered ? SearchX : Gift;
  return (
    <div className="flex flex-col items-center px-6 py-16 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <Icon className="size-6" aria-hidden="true" />
      </div>
      <p className="mt-4 text-base font-semibold text-slate-900">No resources found</p>
      <p className="mt-1 max-w-md text-sm text-slate-600">
        {isFiltered
          ? 'No resource matches the chosen category and segment. Try other filters, or clear them to see every resource.'
          : 'Add a guide, worksheet or video for parents to download, and assign it to the segments it is meant for.'}
      </p>
      <div className="mt-5">
        {isFiltered ? (
          <Button variant="secondary" onClick={onClearFilters}>
            <FilterX className="size-4" aria-hidden="true" />
            Clear filters
          </Button>
        ) : (
          <Button onClick={onAdd}>
            <Plus className="size-4" aria-hidden="true" />
            Add First Resource
          </Button>
        )}
      </div>
    </div>
  );
}

/** The list could not be loaded and its banner was dismissed: nothing to show but a way to try again. */
export function ResourcesLoadFailed({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <div className="flex flex-col items-center px-6 py-16 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <CloudOff className="size-6" aria-hidden="true" />
      </div>
      <p className="mt-4 text-base font-semibold text-slate-900">Resources could not be loaded</p>
      <Button variant="secondary" className="mt-5" onClick={onRetry} isLoading={isRetrying}>
        {!isRetrying && <RotateCw className="size-4" aria-hidden="true" />}
        Try again
      </Button>
    </div>
  );
}
