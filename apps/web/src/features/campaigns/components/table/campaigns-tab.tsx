import { CAMPAIGN_MESSAGES, pageOf, type CampaignSummary } from '@lantern/contracts';
import { Mail, PenLine, Sparkles } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorBanner } from '@/components/ui/error-banner';
import { Pagination } from '@/components/ui/pagination';
import { countOf } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useCampaigns } from '../../api/get-campaigns';
import { useDeliveryActions } from '../../delivery/delivery-actions';
import { useApprovalActions } from '../approval/approval-actions';
import { campaignColumns, type CampaignRowHandlers } from './campaign-columns';
import { CampaignFilters, type CampaignFilter } from './campaign-filters';
import { DeleteCampaignDialog } from './delete-campaign-dialog';

const PAGE_SIZE = 50;

type CampaignsTabProps = Omit<
  CampaignRowHandlers,
  'onDelete' | 'onSendForApproval' | 'onPublish' | 'busyId' | 'delivery'
> & {
  onGenerate: () => void;
  onCreate: () => void;
};

/** All Campaigns (2.6): filters, the table with its actions, and the empty state. */
export function CampaignsTab({ onGenerate, onCreate, onEdit, onPreview, onAiEdit }: CampaignsTabProps) {
  const [filter, setFilter] = useState<CampaignFilter>({ approval_status: 'all', status: 'all' });
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<CampaignSummary | null>(null);
  const [dismissedError, setDismissedError] = useState(0);
  const list = useCampaigns(filter);
  const approval = useApprovalActions();
  const { sendForApproval, publish, busyId } = approval;
  const { dialogs: deliveryDialogs, ...deliveryActions } = useDeliveryActions();
  const { schedule, cancelSchedule, send, pause, resume, approve } = deliveryActions;
  const deliveryBusyId = deliveryActions.busyId;
  const delivery = useMemo(
    () => ({ schedule, cancelSchedule, send, pause, resume, approve, busyId: deliveryBusyId }),
    [schedule, cancelSchedule, send, pause, resume, approve, deliveryBusyId],
  );
  const columns = useMemo(
    () =>
      campaignColumns({
        onEdit,
        onPreview,
        onAiEdit,
        onDelete: setToDelete,
        onSendForApproval: sendForApproval,
        onPublish: publish,
        busyId,
        delivery,
      }),
    [onEdit, onPreview, onAiEdit, sendForApproval, publish, busyId, delivery],
  );
  const campaigns = list.data?.campaigns;
  const isFiltered = filter.approval_status !== 'all' || filter.status !== 'all';
  const pagination = pageOf({ page, limit: PAGE_SIZE }, campaigns?.length ?? 0);
  const rows = campaigns ? campaigns.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE) : null;
  const showError = list.isError && list.errorUpdatedAt !== dismissedError;

  function renderBody() {
    if (list.isError && !campaigns)
      return (
        <EmptyState
          icon={Mail}
          title={CAMPAIGN_MESSAGES.loadFailed}
          action={
            <Button variant="secondary" onClick={() => void list.refetch()} isLoading={list.isFetching}>
              Try again
            </Button>
          }
        />
      );
    if (campaigns && campaigns.length === 0) {
      if (isFiltered)
        return (
          <EmptyState
            icon={Mail}
            title="No campaigns match these filters"
            action={
              <Button
                variant="secondary"
                onClick={() => setFilter({ approval_status: 'all', status: 'all' })}
              >
                Clear filters
              </Button>
            }
          />
        );
      return (
        <EmptyState
          icon={Mail}
          title={CAMPAIGN_MESSAGES.noCampaigns}
          description="Write a campaign for one or more segments, or let the generator draft one from your voice settings and knowledge base."
          action={
            <div className="flex flex-wrap justify-center gap-3">
              <Button onClick={onGenerate}>
                <Sparkles className="size-4" aria-hidden="true" />
                {CAMPAIGN_MESSAGES.generateWithAi}
              </Button>
              <Button variant="secondary" onClick={onCreate}>
                <PenLine className="size-4" aria-hidden="true" />
                {CAMPAIGN_MESSAGES.createManually}
              </Button>
            </div>
          }
        />
      );
    }
    return (
      <DataTable
        caption="Campaigns"
        columns={columns}
        rows={rows}
        getRowId={(campaign) => campaign.id}
        pinnedColumnId="actions"
        isUpdating={list.isPlaceholderData}
        rowTestId="campaign-row"
      />
    );
  }

  return (
    <div className="space-y-4">
      {showError && campaigns && (
        <ErrorBanner
          message={CAMPAIGN_MESSAGES.loadFailed}
          onDismiss={() => setDismissedError(list.errorUpdatedAt)}
          onRetry={() => void list.refetch()}
          isRetrying={list.isFetching}
        />
      )}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <CampaignFilters
          filter={filter}
          onChange={(next) => {
            setFilter(next);
            setPage(1);
          }}
        />
        {campaigns && campaigns.length > 0 && (
          <p className="text-sm text-slate-600" aria-live="polite">
            {countOf(campaigns.length, 'campaign', 'campaigns')}
          </p>
        )}
      </div>
      <Card className="overflow-hidden">{renderBody()}</Card>
      <Pagination pagination={pagination} onPageChange={setPage} showRange />
      {approval.dialogs}
      {deliveryDialogs}
      {toDelete && (
        <DeleteCampaignDialog
          key={toDelete.id}
          campaign={toDelete}
          onClose={() => setToDelete(null)}
          onDeleted={(campaign) => {
            setToDelete(null);
            notify.success(`Campaign "${campaign.name}" deleted`);
          }}
        />
      )}
    </div>
  );
}
