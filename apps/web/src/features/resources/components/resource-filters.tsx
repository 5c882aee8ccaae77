import { segmentDisplayName, type Segment } from '@lantern/contracts';
import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { ResourceFilter } from '../api/get-resources';
import { CATEGORY_OPTIONS } from './format';

type Option = { value: string; label: string };

function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="min-w-0 flex-1 space-y-1.5 sm:max-w-64">
      <Label htmlFor={id} className="text-xs font-medium text-slate-700">
        {label}
      </Label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

type ResourceFiltersBarProps = {
  filter: ResourceFilter;
  segments: Segment[];
  isRefreshing: boolean;
  onFilter: (filter: ResourceFilter) => void;
  onRefresh: () => void;
};

/** Category and segment filters, and Refresh (the list, the open rows' stats and the segments). */
export function ResourceFiltersBar({
  filter,
  segments,
  isRefreshing,
  onFilter,
  onRefresh,
}: ResourceFiltersBarProps) {
  const categoryOptions: Option[] = [{ value: 'all', label: 'All categories' }, ...CATEGORY_OPTIONS];
  const segmentOptions: Option[] = [
    { value: 'all', label: 'All segments' },
    ...segments.map((s) => ({ value: s.id, label: segmentDisplayName(s.name) })),
  ];
  // A segment deleted since it was chosen still shows as chosen, and can be changed.
  if (!segmentOptions.some((o) => o.value === filter.segment)) {
    segmentOptions.push({ value: filter.segment, label: 'Unknown segment' });
  }
  return (
    <Card className="mb-6 flex flex-wrap items-end gap-3 px-4 py-3 sm:px-5">
      <FilterSelect
        label="Category"
        value={filter.category}
        options={categoryOptions}
        onChange={(category) => onFilter({ ...filter, category })}
      />
      <FilterSelect
        label="Segment"
        value={filter.segment}
        options={segmentOptions}
        onChange={(segment) => onFilter({ ...filter, segment })}
      />
      <Button variant="secondary" className="ml-auto" onClick={onRefresh} isLoading={isRefreshing}>
        {!isRefreshing && <RefreshCw className="size-4" aria-hidden="true" />}
        Refresh
      </Button>
    </Card>
  );
}
