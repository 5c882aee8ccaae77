import { SearchX, Users } from 'lucide-react';

/** No rows: the segment is empty, or nothing in it matches the search and filters. */
export function SegmentLeadsEmptyState({ hasFilters }: { hasFilters: boolean }) {
  const Icon = hasFilters ? SearchX : Users;
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 px-6 py-12 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <Icon className="size-6" aria-hidden="true" />
      </div>
      <p className="mt-4 text-base font-semibold text-slate-900">No leads found</p>
      <p className="mt-1 text-sm text-slate-600">
        {hasFilters ? 'Try adjusting your search criteria' : 'This segment has no leads yet'}
      </p>
    </div>
  );
}
