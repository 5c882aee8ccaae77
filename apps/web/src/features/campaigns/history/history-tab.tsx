import { CAMPAIGN_MESSAGES, CAMPAIGN_RESULTS_MESSAGES, pageOf } from '@lantern/contracts';
import { Download, History } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { errorMessage } from '@/lib/api-client';
import { countOf } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useSegmentOptions } from '../api/audiences';
import { OpenTrackingSetting } from '../stats/open-tracking-setting';
import {
  hasHistoryFilters,
  HISTORY_PAGE_SIZE,
  isRangeReversed,
  NO_HISTORY_FILTERS,
  useCampaignHistory,
  useExportCampaignHistory,
  type HistoryFilters,
} from './history-api';
import { historyColumns } from './history-columns';
import { HistoryFiltersBar } from './history-filters';

export const HISTORY_TEXT = {
  noneSent: 'No campaigns have been sent yet',
  noneSentHint: 'Campaigns show here with their opens and clicks once they have been sent.',
  /** The list could not be read: logged only (spec 8.6), and the frame claims nothing. */
  unavailable: 'Campaign history',
  noneMatch: CAMPAIGN_RESULTS_MESSAGES.noHistory,
  exportCsv: 'Export CSV',
  exportFailed: 'Failed to export campaign history',
  exported: (name: string) => `Exported ${name}`,
} as const;

/**
 * Campaign History (2.6): sent campaigns with their figures, filtered by text, segment and sent
 * dates, paged, and exported as CSV with the same filters. A failed load is only logged (8.6): the
 * tab then shows its empty frame rather than an error.
 */
export function HistoryTab() {
  const [filters, setFilters] = useState<HistoryFilters>(NO_HISTORY_FILTERS);
  const [page, setPage] = useState(1);
  const list = useCampaignHistory(filters, page);
  const segments = useSegmentOptions();
  const exporter = useExportCampaignHistory();
  const columns = useMemo(() => historyColumns(), []);

  useEffect(() => {
    if (list.error) console.error(CAMPAIGN_MESSAGES.loadFailed, list.error);
  }, [list.error]);
  useEffect(() => {
    if (segments.error) console.error(CAMPAIGN_MESSAGES.segmentsLoadFailed, segments.error);
  }, [segments.error]);

  const isFiltered = hasHistoryFilters(filters);
  const reversed = isRangeReversed(filters);
  const data = reversed ? undefined : list.data;
  const total = data?.total ?? 0;
  const segmentChoices = useMemo(
    () => [...(segments.data ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    [segments.data],
  );

  function change(next: HistoryFilters) {
    setFilters(next);
    setPage(1);
  }

  function exportCsv() {
    exporter.mutate(filters, {
      onSuccess: (name) => notify.success(HISTORY_TEXT.exported(name)),
      onError: (error) => notify.error(errorMessage(error, HISTORY_TEXT.exportFailed)),
    });
  }

  function renderBody() {
    // Still loading the first page: skeleton rows.
    if (!reversed && list.isPending && !list.isError) {
      return <DataTable caption="Sent campaigns" columns={columns} rows={null} getRowId={(c) => c.id} />;
    }
    if (!data && list.isError) {
      return (
        <EmptyState
          icon={History}
          title={HISTORY_TEXT.unavailable}
          description={HISTORY_TEXT.noneSentHint}
          action={
            <Button variant="secondary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        />
      );
    }
    if (!data || data.campaigns.length === 0) {
      return (
        <EmptyState
          icon={History}
          title={isFiltered ? HISTORY_TEXT.noneMatch : HISTORY_TEXT.noneSent}
          description={isFiltered ? undefined : HISTORY_TEXT.noneSentHint}
          action={
            isFiltered ? (
              <Button variant="secondary" onClick={() => change(NO_HISTORY_FILTERS)}>
                Clear filters
              </Button>
            ) : undefined
          }
        />
      );
    }
    return (
      <DataTable
        caption="Sent campaigns"
        columns={columns}
        rows={data.campaigns}
        getRowId={(campaign) => campaign.id}
        isUpdating={list.isPlaceholderData}
        rowTestId="history-row"
      />
    );
  }

  return (
    <div className="space-y-4">
      <Card className="px-4 py-3 2xl:px-6">
        <OpenTrackingSetting />
      </Card>
      <Card className="overflow-hidden">
        <div className="space-y-3 border-b border-slate-100 px-4 py-4 2xl:px-6">
          <HistoryFiltersBar
            filters={filters}
            segments={segmentChoices}
            onChange={change}
            onClear={() => change(NO_HISTORY_FILTERS)}
            hasFilters={isFiltered}
          />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-600" aria-live="polite">
              {data ? countOf(total, 'sent campaign', 'sent campaigns') : ' '}
            </p>
            <Button
              variant="secondary"
              onClick={exportCsv}
              isLoading={exporter.isPending}
              disabled={reversed || !data || total === 0}
            >
              {!exporter.isPending && <Download className="size-4" aria-hidden="true" />}
              {HISTORY_TEXT.exportCsv}
            </Button>
          </div>
        </div>
        {renderBody()}
      </Card>
      <Pagination
        pagination={pageOf({ page, limit: HISTORY_PAGE_SIZE }, total)}
        onPageChange={setPage}
        showRange
      />
    </div>
  );
}
