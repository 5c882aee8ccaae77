import {
  CONVERSION_STATUS_FILTERS,
  EMAIL_STATUSES,
  segmentDisplayName,
  type Segment,
} from '@lantern/contracts';
import { FilterX } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/input';
import { SearchBox } from '@/components/ui/search-box';
import { Select } from '@/components/ui/select';
import type { LeadFilterName, LeadFilters } from '../hooks/use-lead-list-params';
import { statusLabel, TIMELINE_FILTER_OPTIONS } from './lead-labels';

type Option = { value: string; label: string };

const scoreOptions: Option[] = [
  { value: 'all', label: 'All scores' },
  { value: 'high', label: 'High (70+)' },
  { value: 'medium', label: 'Medium (40-69)' },
  { value: 'low', label: 'Low (below 40)' },
];
const timelineOptions: Option[] = [
  { value: 'all', label: 'All timelines' },
  ...TIMELINE_FILTER_OPTIONS.map((t) => ({ value: t, label: t })),
  { value: 'Unknown', label: 'Unknown' },
];
const conversionOptions: Option[] = [
  { value: 'all', label: 'All statuses' },
  ...CONVERSION_STATUS_FILTERS.map((s) => ({ value: s, label: statusLabel(s) })),
];
const emailOptions: Option[] = [
  { value: 'all', label: 'All statuses' },
  ...EMAIL_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
];

function FilterSelect({
  label,
  value,
  options,
  unknownLabel = value,
  onChange,
}: {
  label: string;
  value: string;
  options: Option[];
  /** How to name a value from the URL that the list does not offer (yet). */
  unknownLabel?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  // A bookmarked value the list does not offer (a deleted segment) still shows as chosen, and can be changed.
  const isOffered = options.some((o) => o.value === value);
  const shown = isOffered ? options : [...options, { value, label: unknownLabel }];
  return (
    <div className="min-w-0 space-y-1.5">
      <Label htmlFor={id} className="text-xs font-medium text-slate-700">
        {label}
      </Label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {shown.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

type LeadFiltersBarProps = {
  search: string;
  filters: LeadFilters;
  segments: Segment[];
  hasFilters: boolean;
  onSearch: (value: string) => void;
  onFilter: (name: LeadFilterName, value: string) => void;
  onClear: () => void;
};

/** The search box and the five filters; each change goes to the URL and back to page 1. */
export function LeadFiltersBar({
  search,
  filters,
  segments,
  hasFilters,
  onSearch,
  onFilter,
  onClear,
}: LeadFiltersBarProps) {
  const segmentOptions: Option[] = [
    { value: 'all', label: 'All segments' },
    ...segments.map((s) => ({ value: s.id, label: segmentDisplayName(s.name) })),
  ];
  return (
    <div className="space-y-4 border-b border-slate-200 px-4 py-4 sm:px-6">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-64 flex-1">
          <SearchBox
            label="Search leads"
            placeholder="Search by parent, child, email or phone"
            value={search}
            onSearch={onSearch}
          />
        </div>
        {hasFilters && (
          <Button variant="ghost" size="md" onClick={onClear}>
            <FilterX className="size-4" aria-hidden="true" />
            Clear filters
          </Button>
        )}
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
        <FilterSelect
          label="Score"
          value={filters.score}
          options={scoreOptions}
          onChange={(v) => onFilter('score', v)}
        />
        <FilterSelect
          label="Timeline"
          value={filters.timeline}
          options={timelineOptions}
          onChange={(v) => onFilter('timeline', v)}
        />
        <FilterSelect
          label="Segment"
          value={filters.segment}
          options={segmentOptions}
          unknownLabel="Selected segment"
          onChange={(v) => onFilter('segment', v)}
        />
        <FilterSelect
          label="Conversion Status"
          value={filters.conversion_status}
          options={conversionOptions}
          onChange={(v) => onFilter('conversion_status', v)}
        />
        <FilterSelect
          label="Email Status"
          value={filters.email_status}
          options={emailOptions}
          onChange={(v) => onFilter('email_status', v)}
        />
      </div>
    </div>
  );
}
