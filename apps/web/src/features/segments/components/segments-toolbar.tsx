import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { SEGMENT_FILTERS, type SegmentFilter } from './segment-filters';

type SegmentsToolbarProps = {
  filter: SegmentFilter;
  search: string;
  onFilter: (filter: SegmentFilter) => void;
  onSearch: (search: string) => void;
};

/** The four filter buttons (one pressed at a time) and the search box. */
export function SegmentsToolbar({ filter, search, onFilter, onSearch }: SegmentsToolbarProps) {
  const searchId = useId();
  return (
    <Card className="mb-6 flex flex-wrap items-center gap-3 px-4 py-3 sm:px-5">
      <div
        role="group"
        aria-label="Filter segments"
        className="inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1"
      >
        {SEGMENT_FILTERS.map((option) => {
          const isPressed = option.value === filter;
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={isPressed}
              onClick={() => onFilter(option.value)}
              className={cn(
                'h-8 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors',
                isPressed
                  ? 'bg-white text-indigo-700 shadow-sm ring-1 ring-slate-200'
                  : 'text-slate-700 hover:bg-white/70 hover:text-slate-900',
              )}
            >
              {option.label}
            </button>
          );
        })}
      </div>
      <div className="relative min-w-56 flex-1">
        <label htmlFor={searchId} className="sr-only">
          Search segments
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <Input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          placeholder="Search segments..."
          autoComplete="off"
          className="pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
        />
        {search && (
          <button
            type="button"
            onClick={() => onSearch('')}
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            aria-label="Clear search"
            title="Clear search"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
    </Card>
  );
}
