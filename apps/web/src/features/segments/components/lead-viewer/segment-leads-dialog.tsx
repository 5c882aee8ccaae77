import { segmentDisplayName, type Segment } from '@lantern/contracts';
import { Download, Plus, SearchX, Users } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { errorMessage } from '@/lib/api-client';
import { useExportSegment } from '../../api/export-segment';
import { useSegmentLeads } from '../../api/segment-leads';
import { AddLeadsDialog } from './add-leads-dialog';
import { leadsCount } from '../format';
import { loadErrorMessage } from './lead-viewer-format';
import { RemoveLeadsDialog } from './remove-leads-dialog';
import { SegmentLeadsBulkBar } from './segment-leads-bulk-bar';
import { SegmentLeadsFilters } from './segment-leads-filters';
import { SegmentLeadsSummary } from './segment-leads-summary';
import { SegmentLeadsTable } from './segment-leads-table';
import { useSegmentLeadsView } from './use-segment-leads-view';
import { ViewerNotice, type ViewerNoticeMessage } from './viewer-notice';

type SegmentLeadsDialogProps = {
  segment: Segment | null;
  /** Every segment, for the 'Move to segment...' picker. */
  segments: Segment[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The segment lead viewer (spec 2.3): a segment's leads, filtered and paged, with bulk actions. */
export function SegmentLeadsDialog({ segment, segments, open, onOpenChange }: SegmentLeadsDialogProps) {
  return (
    <Dialog
      open={open && segment !== null}
      onOpenChange={onOpenChange}
      title={segment ? segmentDisplayName(segment.name) : ''}
      description={segment?.description || undefined}
      size="xl"
    >
      {/* Keyed by segment: another segment starts on page 1 with nothing selected. */}
      {segment && <SegmentLeadsViewer key={segment.id} segment={segment} segments={segments} />}
    </Dialog>
  );
}

let noticeId = 0;

function SegmentLeadsViewer({ segment, segments }: { segment: Segment; segments: Segment[] }) {
  const view = useSegmentLeadsView();
  const leads = useSegmentLeads(segment.id, view.query);
  const exporting = useExportSegment();
  const [isRemoving, setIsRemoving] = useState(false);
  const [isAdding, setIsAdding] = useState(false);
  const [notice, setNotice] = useState<ViewerNoticeMessage | null>(null);
  const showNotice = useCallback((text: string) => setNotice({ id: ++noticeId, text }), []);
  const closeNotice = useCallback(() => setNotice(null), []);

  const data = leads.data;
  const pageLeads = data?.leads ?? null;
  const { setPage, clearSelection, select } = view;

  // After removing or moving the last leads of the last page, show the new last page.
  const lastPage = Math.max(1, data?.pagination.totalPages ?? 1);
  useEffect(() => {
    if (data && view.query.page > lastPage) setPage(lastPage);
  }, [data, view.query.page, lastPage, setPage]);

  const afterMembershipChange = (message: string) => {
    clearSelection();
    showNotice(message);
  };

  function renderLeads() {
    if (leads.isError && !data) {
      return (
        <Alert tone="error" title={loadErrorMessage(leads.error)}>
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            onClick={() => void leads.refetch()}
            isLoading={leads.isFetching}
          >
            Try again
          </Button>
        </Alert>
      );
    }
    if (pageLeads?.length === 0) {
      return (
        <EmptyState
          icon={view.hasFilters ? SearchX : Users}
          title="No leads found"
          description={
            view.hasFilters ? 'Try adjusting your search criteria' : 'This segment has no leads yet'
          }
          className="rounded-lg border border-dashed border-slate-300 py-12"
        />
      );
    }
    return (
      <SegmentLeadsTable
        leads={pageLeads}
        selectedIds={view.selectedIds}
        isUpdating={leads.isPlaceholderData}
        onSelect={select}
      />
    );
  }

  return (
    // A steady height on larger screens, so the search box does not move as results come and go.
    <div className="space-y-4 sm:min-h-[65vh]">
      <SegmentLeadsSummary
        segment={segment}
        isLoading={leads.isPending}
        counts={
          data
            ? { shown: data.leads.length, matching: data.pagination.total, inSegment: data.segment_total }
            : null
        }
      />
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-[999_1_32rem]">
          <SegmentLeadsFilters
            score={view.query.score}
            assignment={view.query.assignment}
            onSearch={view.setSearch}
            onScore={view.setScore}
            onAssignment={view.setAssignment}
          />
        </div>
        <div className="flex flex-1 justify-end gap-2">
          <Button variant="secondary" onClick={() => setIsAdding(true)}>
            <Plus className="size-4" aria-hidden="true" />
            Add Leads
          </Button>
          <Button
            variant="secondary"
            onClick={() => exporting.mutate(segment)}
            isLoading={exporting.isPending}
            disabled={data?.segment_total === 0}
          >
            {!exporting.isPending && <Download className="size-4" aria-hidden="true" />}
            Export CSV
          </Button>
        </div>
      </div>
      {exporting.isError && (
        <Alert tone="error">{errorMessage(exporting.error, 'Failed to export segment')}</Alert>
      )}
      <ViewerNotice message={notice} onClose={closeNotice} />
      {view.selectedIds.size > 0 && (
        <SegmentLeadsBulkBar
          segment={segment}
          segments={segments}
          selectedIds={view.selectedIds}
          onClearSelection={clearSelection}
          onRemove={() => setIsRemoving(true)}
          onMoved={afterMembershipChange}
        />
      )}
      {renderLeads()}
      {data && !leads.isError && <Pagination pagination={data.pagination} onPageChange={setPage} />}

      <RemoveLeadsDialog
        segment={segment}
        leadIds={[...view.selectedIds]}
        open={isRemoving}
        onOpenChange={setIsRemoving}
        onRemoved={(count) => {
          setIsRemoving(false);
          afterMembershipChange(`${leadsCount(count)} removed from ${segmentDisplayName(segment.name)}`);
        }}
      />
      <AddLeadsDialog
        segment={segment}
        open={isAdding}
        onOpenChange={setIsAdding}
        onAdded={(count) => {
          setIsAdding(false);
          showNotice(`${leadsCount(count)} added to ${segmentDisplayName(segment.name)}`);
        }}
      />
    </div>
  );
}
