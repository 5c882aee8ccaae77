import { ANALYTICS_STATUSES, CONVERSATION_PAGE_SIZES } from '@lantern/contracts';
import { useId } from 'react';
import { Input, Label } from '@/components/ui/input';
import { SearchBox } from '@/components/ui/search-box';
import { Select } from '@/components/ui/select';
import type { ConversationFilterName, ConversationFilters } from '../../hooks/use-analytics-params';
import { calendarDate } from '../../period-range';
import { STATUS_LABELS } from '../tone';

type Props = {
  filters: ConversationFilters;
  limit: number;
  /** The period's first day (none for All Time): the pickers start there. */
  firstDay: string | undefined;
  onFilter: (name: ConversationFilterName, value: string) => void;
  onLimit: (limit: number) => void;
};

/** Search, search in messages, status, date range and page size; each change returns to page 1. */
export function ConversationFiltersBar({ filters, limit, firstDay, onFilter, onLimit }: Props) {
  const id = useId();
  const today = calendarDate(new Date());
  return (
    <div className="grid gap-3 border-b border-slate-100 px-4 py-4 sm:grid-cols-2 lg:grid-cols-6 2xl:px-6">
      <SearchBox
        className="lg:col-span-3"
        label="Search conversations"
        placeholder="Search by email, name or visitor"
        value={filters.search}
        onSearch={(value) => onFilter('search', value)}
      />
      <SearchBox
        className="lg:col-span-3"
        label="Search in messages"
        placeholder="Search in messages"
        value={filters.messageSearch}
        onSearch={(value) => onFilter('messageSearch', value)}
      />
      <div className="lg:col-span-2">
        <Label htmlFor={`${id}-status`} className="mb-1.5">
          Status
        </Label>
        <Select
          id={`${id}-status`}
          value={filters.status}
          onChange={(e) => onFilter('status', e.target.value)}
        >
          <option value="all">All statuses</option>
          {ANALYTICS_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor={`${id}-from`} className="mb-1.5">
          From
        </Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={filters.from}
          min={firstDay}
          max={filters.to || today}
          onChange={(e) => onFilter('from', e.target.value)}
        />
      </div>
      <div>
        <Label htmlFor={`${id}-to`} className="mb-1.5">
          To
        </Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={filters.to}
          min={filters.from || firstDay}
          max={today}
          onChange={(e) => onFilter('to', e.target.value)}
        />
      </div>
      <div className="lg:col-span-2">
        <Label htmlFor={`${id}-size`} className="mb-1.5">
          Per page
        </Label>
        <Select id={`${id}-size`} value={String(limit)} onChange={(e) => onLimit(Number(e.target.value))}>
          {CONVERSATION_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
