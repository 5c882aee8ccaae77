import { CAMPAIGN_RESULTS_MESSAGES } from '@lantern/contracts';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { SearchBox } from '@/components/ui/search-box';
import { Select } from '@/components/ui/select';
import { isRangeReversed, type HistoryFilters } from './history-api';

type HistoryFiltersBarProps = {
  filters: HistoryFilters;
  /** The segments offered (name order); a failed load leaves only 'All segments'. */
  segments: readonly { id: string; name: string }[];
  onChange: (filters: HistoryFilters) => void;
  onClear: () => void;
  hasFilters: boolean;
};

export const REVERSED_RANGE_MESSAGE = CAMPAIGN_RESULTS_MESSAGES.dateOrder;

/**
 * The History tab's filters (2.6, 5.4): text search (sent once typing pauses), segment, and a date
 * range whose both ends are included (the server reads the end day through 23:59:59.999).
 */
export function HistoryFiltersBar({
  filters,
  segments,
  onChange,
  onClear,
  hasFilters,
}: HistoryFiltersBarProps) {
  const id = useId();
  const reversed = isRangeReversed(filters);
  return (
    <div className="space-y-2">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(14rem,2fr)_minmax(10rem,1fr)_auto_auto_auto] lg:items-end">
        <SearchBox
          className="sm:col-span-2 lg:col-span-1"
          label="Search sent campaigns"
          placeholder="Name or subject"
          value={filters.search}
          onSearch={(search) => onChange({ ...filters, search })}
        />
        <div>
          <Label htmlFor={`${id}-segment`} className="mb-1.5">
            Segment
          </Label>
          <Select
            id={`${id}-segment`}
            value={filters.segmentId}
            onChange={(event) => onChange({ ...filters, segmentId: event.target.value })}
          >
            <option value="all">All segments</option>
            {segments.map((segment) => (
              <option key={segment.id} value={segment.id}>
                {segment.name}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor={`${id}-start`} className="mb-1.5">
            Sent from
          </Label>
          <Input
            id={`${id}-start`}
            type="date"
            value={filters.startDate}
            max={filters.endDate || undefined}
            aria-invalid={reversed || undefined}
            aria-describedby={reversed ? `${id}-range` : undefined}
            onChange={(event) => onChange({ ...filters, startDate: event.target.value })}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-end`} className="mb-1.5">
            Sent to
          </Label>
          <Input
            id={`${id}-end`}
            type="date"
            value={filters.endDate}
            min={filters.startDate || undefined}
            aria-invalid={reversed || undefined}
            aria-describedby={reversed ? `${id}-range` : undefined}
            onChange={(event) => onChange({ ...filters, endDate: event.target.value })}
          />
        </div>
        <div className="flex items-end">
          <Button variant="ghost" onClick={onClear} disabled={!hasFilters}>
            Clear filters
          </Button>
        </div>
      </div>
      {reversed && (
        <p id={`${id}-range`} role="alert" className="text-sm text-red-700">
          {REVERSED_RANGE_MESSAGE}
        </p>
      )}
    </div>
  );
}
