import { FilterX, Plus, SearchX, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';

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
  const Icon = hasFilters ? SearchX : Users;
  return (
    <div className="flex flex-col items-center px-6 py-16 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <Icon className="size-6" aria-hidden="true" />
      </div>
      <p className="mt-4 text-base font-semibold text-slate-900">
        {hasFilters ? 'No leads match your search or filters' : 'No leads yet'}
      </p>
      <p className="mt-1 max-w-md text-sm text-slate-600">
        {hasFilters
          ? 'Try a different search term, or clear the filters to see every lead.'
          : 'Families who chat with the widget, fill in the enrolment form or are imported will appear here.'}
      </p>
      <div className="mt-5">
        {hasFilters ? (
          <Button variant="secondary" onClick={onClearFilters}>
            <FilterX className="size-4" aria-hidden="true" />
            Clear filters
          </Button>
        ) : (
          <Button onClick={onAddLead}>
            <Plus className="size-4" aria-hidden="true" />
            Add Lead
          </Button>
        )}
      </div>
    </div>
  );
}
