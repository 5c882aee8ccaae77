import { isHiddenSegment, segmentDisplayName, type Segment } from '@lantern/contracts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { PageHeader } from '@/components/ui/page-header';
import { notify } from '@/lib/notify';
import { useSegments } from '../api/get-segments';
import { useCardActions } from '../hooks/use-card-actions';
import { useEvaluationWatch } from '../hooks/use-evaluation-watch';
import { CloneSegmentDialog } from './clone-segment-dialog';
import { DeleteSegmentDialog } from './delete-segment-dialog';
import { SegmentEditorDialog } from './editor/segment-editor-dialog';
import { SegmentLeadsDialog } from './lead-viewer/segment-leads-dialog';
import { SegmentAnalyticsDialog } from './segment-analytics-dialog';
import { SegmentCard, SegmentCardSkeleton } from './segment-card';
import { filterSegments, type SegmentFilter } from './segment-filters';
import { SegmentsEmptyState, SegmentsLoadFailed } from './segments-empty-state';
import { SegmentsToolbar } from './segments-toolbar';
import { SyncResultDialog } from './sync-result-dialog';

type Editor = { isOpen: false } | { isOpen: true; segment: Segment | null };

const gridStyles = 'grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3';

/** Never-contact segments vanish from this list once saved: say so, or the save looks lost. */
const hiddenNote = (segment: Segment) =>
  isHiddenSegment(segment) ? ' Do-not-contact segments are not listed here.' : '';

/** The Lead Segments dashboard: filters, one card per segment, and the dialogs its actions open. */
export function SegmentsScreen() {
  const evaluation = useEvaluationWatch();
  const list = useSegments({ refetchInterval: evaluation.refetchInterval });
  const [filter, setFilter] = useState<SegmentFilter>('all');
  const [search, setSearch] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);
  const [dismissedLoadError, setDismissedLoadError] = useState(0);
  const [editor, setEditor] = useState<Editor>({ isOpen: false });
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Segment | null>(null);
  const [toClone, setToClone] = useState<Segment | null>(null);
  const [analyticsOf, setAnalyticsOf] = useState<Segment | null>(null);
  const actions = useCardActions({ onError: setActionError });

  const allSegments = list.data ?? [];
  const shown = filterSegments(
    allSegments.filter((segment) => !isHiddenSegment(segment)),
    filter,
    search,
  );
  // The viewer follows the list, so counts refreshed behind it show there too.
  const viewing = allSegments.find((segment) => segment.id === viewingId) ?? null;
  const showLoadError = list.isError && list.errorUpdatedAt !== dismissedLoadError;
  const openCreate = () => setEditor({ isOpen: true, segment: null });

  function handleSaved(segment: Segment, action: 'created' | 'updated') {
    setEditor({ isOpen: false });
    evaluation.watch(segment);
    notify.success(
      `Segment "${segmentDisplayName(segment.name)}" ${action} successfully.${hiddenNote(segment)}`,
    );
  }

  function renderCards() {
    if (!list.data) {
      if (list.isError)
        return showLoadError ? null : <SegmentsLoadFailed onRetry={() => void list.refetch()} />;
      return (
        <div className={gridStyles} role="status" aria-label="Loading segments">
          {Array.from({ length: 6 }, (_, i) => (
            <SegmentCardSkeleton key={i} />
          ))}
        </div>
      );
    }
    if (shown.length === 0) {
      return (
        <SegmentsEmptyState isNarrowed={search.trim() !== '' || filter !== 'all'} onCreate={openCreate} />
      );
    }
    return (
      <ul className={gridStyles}>
        {shown.map((segment) => (
          <li key={segment.id} className="min-w-0">
            <SegmentCard
              segment={segment}
              busyAction={actions.busy[segment.id] ?? null}
              onViewLeads={(s) => setViewingId(s.id)}
              onEdit={(s) => setEditor({ isOpen: true, segment: s })}
              onAnalytics={setAnalyticsOf}
              onToggleActive={actions.toggleActive}
              onExport={actions.exportCsv}
              onSync={actions.syncToMailerLite}
              onClone={setToClone}
              onDelete={setToDelete}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title="Lead Segments"
        description="Manage and organize leads for targeted email marketing"
        actions={
          <Button onClick={openCreate}>
            <Plus className="size-4" aria-hidden="true" />
            Create Segment
          </Button>
        }
      />
      {showLoadError && (
        <ErrorBanner
          message="Failed to fetch segments"
          onDismiss={() => setDismissedLoadError(list.errorUpdatedAt)}
          onRetry={() => void list.refetch()}
          isRetrying={list.isFetching}
        />
      )}
      {actionError && <ErrorBanner message={actionError} onDismiss={() => setActionError(null)} />}
      <SegmentsToolbar filter={filter} search={search} onFilter={setFilter} onSearch={setSearch} />
      {renderCards()}

      <SegmentEditorDialog
        open={editor.isOpen}
        segment={editor.isOpen ? editor.segment : null}
        onOpenChange={(open) => {
          if (!open) setEditor({ isOpen: false });
        }}
        onSaved={handleSaved}
      />
      <SegmentLeadsDialog
        segment={viewing}
        segments={allSegments}
        open={viewing !== null}
        onOpenChange={(open) => {
          if (!open) setViewingId(null);
        }}
      />
      <DeleteSegmentDialog
        segment={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(segment) => {
          setToDelete(null);
          notify.success(`Segment "${segmentDisplayName(segment.name)}" deleted`);
        }}
      />
      <CloneSegmentDialog
        segment={toClone}
        onClose={() => setToClone(null)}
        onCloned={(clone) => {
          setToClone(null);
          notify.success(`Segment cloned as "${segmentDisplayName(clone.name)}"`);
        }}
      />
      <SegmentAnalyticsDialog segment={analyticsOf} onClose={() => setAnalyticsOf(null)} />
      <SyncResultDialog outcome={actions.syncOutcome} onClose={actions.closeSyncOutcome} />
    </>
  );
}
