import { CloudOff, FilterX, Gift, Plus, RotateCw, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

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
  if (isFiltered) {
    return (
      <EmptyState
        icon={SearchX}
        title="No resources found"
        description="No resource matches the chosen category and segment. Try other filters, or clear them to see every resource."
        action={
          <Button variant="secondary" onClick={onClearFilters}>
            <FilterX className="size-4" aria-hidden="true" />
            Clear filters
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState
      icon={Gift}
      title="No resources found"
      description="Add a guide, worksheet or video for parents to download, and assign it to the segments it is meant for."
      action={
        <Button onClick={onAdd}>
          <Plus className="size-4" aria-hidden="true" />
          Add First Resource
        </Button>
      }
    />
  );
}

/** The list could not be loaded and its banner was dismissed: nothing to show but a way to try again. */
export function ResourcesLoadFailed({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <EmptyState
      icon={CloudOff}
      title="Resources could not be loaded"
      action={
        <Button variant="secondary" onClick={onRetry} isLoading={isRetrying}>
          {!isRetrying && <RotateCw className="size-4" aria-hidden="true" />}
          Try again
        </Button>
      }
    />
  );
}
