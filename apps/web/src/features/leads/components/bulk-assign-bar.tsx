import { segmentDisplayName, type Segment } from '@lantern/contracts';
import { Tag } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
import { useAssignLeadsToSegment } from '../api/assign-leads-to-segment';
import { isAssignableSegment } from '../api/get-segments';

type BulkAssignBarProps = {
  selectedIds: ReadonlySet<string>;
  segments: Segment[];
  onClearSelection: () => void;
  onAssigned: (count: number) => void;
};

/** Shown while leads are selected: put them all in one segment by hand. */
export function BulkAssignBar({ selectedIds, segments, onClearSelection, onAssigned }: BulkAssignBarProps) {
  const selectId = useId();
  const [segmentId, setSegmentId] = useState('');
  const assign = useAssignLeadsToSegment();
  const assignable = segments.filter(isAssignableSegment);
  const count = selectedIds.size;

  function handleAssign() {
    if (!segmentId || count === 0) return;
    const leadIds = [...selectedIds];
    assign.mutate(
      { segmentId, leadIds },
      {
        onSuccess: () => {
          setSegmentId('');
          onAssigned(leadIds.length);
        },
      },
    );
  }

  return (
    <div className="border-b border-indigo-100 bg-indigo-50/70 px-4 py-3 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
        <div className="flex items-center gap-4">
          <p className="text-sm font-medium text-indigo-900">
            {count} {count === 1 ? 'lead' : 'leads'} selected
          </p>
          <Button variant="link" onClick={onClearSelection} className="text-indigo-800">
            Clear selection
          </Button>
        </div>
        {/* Label, picker and button wrap as one group, never apart. */}
        <div className="flex items-center gap-3">
          <Label htmlFor={selectId} className="text-sm whitespace-nowrap text-indigo-900">
            Assign to segment
          </Label>
          <Select
            id={selectId}
            value={segmentId}
            onChange={(event) => setSegmentId(event.target.value)}
            className="w-52"
            disabled={assign.isPending}
          >
            <option value="">Choose a segment</option>
            {assignable.map((segment) => (
              <option key={segment.id} value={segment.id}>
                {segmentDisplayName(segment.name)}
              </option>
            ))}
          </Select>
          <Button onClick={handleAssign} disabled={!segmentId} isLoading={assign.isPending}>
            {!assign.isPending && <Tag className="size-4" aria-hidden="true" />}
            Assign
          </Button>
        </div>
      </div>
      {assign.isError && (
        <Alert tone="error" title="Failed to assign leads to segment" className="mt-3">
          {assign.error instanceof ApiError && assign.error.serverMessage ? assign.error.serverMessage : null}
        </Alert>
      )}
    </div>
  );
}
