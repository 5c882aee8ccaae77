import { FilterX, Plus, SearchX, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** No rows: either nothing matches the search and filters, or there are no leads at all yet. */
export function LeadsEmptyState({
  hasFilters,
  onClearFilters,
  onAddLead,
}: {
  hasFilters: boolean;
  onClearFilters: () => void;
  onAddLead: () => void;
}) {
  if (hasFilters) {
    return (
      <EmptyState
        icon={SearchX}
        title="No leads match your search or filters"
        description="Try a different search term, or clear the filters to see every lead."
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
      icon={Users}
      title="No leads yet"
      description="Families who chat with the widget, fill in the enrolment form or are imported will appear here."
      action={
        <Button onClick={onAddLead}>
          <Plus className="size-4" aria-hidden="true" />
          Add Lead
        </Button>
      }
    />
  );
}
