import { Card } from '@/components/ui/card';
import { SearchInput } from '@/components/ui/search-box';
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
      <SearchInput
        label="Search segments"
        placeholder="Search segments..."
        value={search}
        onChange={onSearch}
        className="min-w-56 flex-1"
      />
    </Card>
  );
}
