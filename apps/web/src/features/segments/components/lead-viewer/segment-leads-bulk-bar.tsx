import { segmentDisplayName, type Segment } from '@lantern/contracts';
import { ArrowRightLeft, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { leadsCount } from '../format';
import { movedMessage, moveTargets } from './move-target';
import { useMoveLeads } from './use-move-leads';

type SegmentLeadsBulkBarProps = {
  segment: Segment;
  segments: Segment[];
  selectedIds: ReadonlySet<string>;
  onClearSelection: () => void;
  onRemove: () => void;
  onMoved: (message: string) => void;
};

/** Shown while leads are selected: remove them, or move them to another segment. */
export function SegmentLeadsBulkBar({
  segment,
  segments,
  selectedIds,
  onClearSelection,
  onRemove,
  onMoved,
}: SegmentLeadsBulkBarProps) {
  const selectId = useId();
  const [targetId, setTargetId] = useState('');
  const move = useMoveLeads();
  const targets = moveTargets(segments, segment);
  const count = selectedIds.size;

  function handleMove() {
    const target = targets.find((s) => s.id === targetId);
    if (!target || count === 0) return;
    const leadIds = [...selectedIds];
    move.mutate(
      { fromSegmentId: segment.id, toSegmentId: target.id, leadIds },
      {
        onSuccess: () => {
          setTargetId('');
          onMoved(movedMessage(leadIds.length, target));
        },
      },
    );
  }

  return (
    <div className="rounded-lg border border-indigo-100 bg-indigo-50/70 px-3 py-2.5">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="flex items-center gap-3">
          <p className="text-sm font-medium text-indigo-900">{leadsCount(count)} selected</p>
          <Button variant="link" onClick={onClearSelection} className="text-indigo-800">
            Clear selection
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" size="sm" onClick={onRemove} disabled={move.isPending}>
            <Trash2 className="size-4 text-red-600" aria-hidden="true" />
            Remove ({count})
          </Button>
          {/* The picker and its button wrap as one group, never apart. */}
          <div className="flex items-center gap-2">
            <label htmlFor={selectId} className="sr-only">
              Move selected leads to segment
            </label>
            <Select
              id={selectId}
              value={targetId}
              onChange={(event) => setTargetId(event.target.value)}
              className="w-48 [&_select]:h-8"
              disabled={move.isPending || targets.length === 0}
            >
              <option value="">{targets.length ? 'Move to segment...' : 'No other segments'}</option>
              {targets.map((target) => (
                <option key={target.id} value={target.id}>
                  {segmentDisplayName(target.name)}
                </option>
              ))}
            </Select>
            <Button size="sm" onClick={handleMove} disabled={!targetId} isLoading={move.isPending}>
              {!move.isPending && <ArrowRightLeft className="size-4" aria-hidden="true" />}
              Move
            </Button>
          </div>
        </div>
      </div>
      {move.isError && (
        <Alert tone="error" className="mt-2.5">
          {errorMessage(move.error, 'Failed to move leads')}
        </Alert>
      )}
    </div>
  );
}
