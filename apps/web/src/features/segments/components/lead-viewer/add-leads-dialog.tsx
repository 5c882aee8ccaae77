import { segmentDisplayName, type Lead, type Segment } from '@lantern/contracts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SearchBox } from '@/components/ui/search-box';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAssignLeads } from '../../api/assign-leads';
import { CANDIDATE_LEADS_LIMIT, useCandidateLeads } from '../../api/get-candidate-leads';
import { CandidateLeadList } from './candidate-lead-list';

type AddLeadsDialogProps = {
  segment: Segment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: (count: number) => void;
};

/** Picks leads not yet in the segment and assigns them by hand. */
export function AddLeadsDialog({ open, ...props }: AddLeadsDialogProps) {
  // Mounted per opening: each opening starts with an empty search and selection.
  return open ? <AddLeadsPicker {...props} /> : null;
}

function AddLeadsPicker({ segment, onOpenChange, onAdded }: Omit<AddLeadsDialogProps, 'open'>) {
  const [search, setSearch] = useState('');
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const candidates = useCandidateLeads(segment.id, search);
  const assign = useAssignLeads();
  const count = selectedIds.size;

  function toggle(lead: Lead, isSelected: boolean) {
    setSelectedIds((previous) => {
      const next = new Set(previous);
      if (isSelected) next.add(lead.id);
      else next.delete(lead.id);
      return next;
    });
  }

  function handleAdd() {
    if (count === 0) return;
    assign.mutate({ segmentId: segment.id, leadIds: [...selectedIds] }, { onSuccess: () => onAdded(count) });
  }

  function renderCandidates() {
    if (candidates.isPending) {
      return (
        <p className="flex items-center justify-center gap-2 py-10 text-sm text-slate-600" role="status">
          <Spinner size="sm" />
          Loading available leads...
        </p>
      );
    }
    if (candidates.isError) {
      return <Alert tone="error">{errorMessage(candidates.error, 'Failed to load leads')}</Alert>;
    }
    if (candidates.data.length === 0) {
      return <p className="py-10 text-center text-sm text-slate-600">No available leads found</p>;
    }
    return (
      <>
        <CandidateLeadList leads={candidates.data} selectedIds={selectedIds} onToggle={toggle} />
        {candidates.data.length === CANDIDATE_LEADS_LIMIT && (
          <p className="mt-2 text-xs text-slate-600">
            Showing the first {CANDIDATE_LEADS_LIMIT} leads; search to find others.
          </p>
        )}
      </>
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !assign.isPending) onOpenChange(false);
      }}
      title="Add Leads"
      description={`Leads not yet in ${segmentDisplayName(segment.name)}`}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={assign.isPending}>
            Cancel
          </Button>
          <Button onClick={handleAdd} disabled={count === 0} isLoading={assign.isPending}>
            {!assign.isPending && <Plus className="size-4" aria-hidden="true" />}
            Add {count} {count === 1 ? 'Lead' : 'Leads'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <SearchBox
          label="Search available leads"
          placeholder="Search by name or email"
          onSearch={setSearch}
        />
        {assign.isError && (
          <Alert tone="error">{errorMessage(assign.error, 'Failed to add leads to segment')}</Alert>
        )}
        <div aria-busy={candidates.isFetching || undefined}>{renderCandidates()}</div>
      </div>
    </Dialog>
  );
}
