import { APPROVAL_MESSAGES, type CampaignSummary } from '@lantern/contracts';
import {
  Bot,
  CalendarClock,
  CalendarX,
  CircleCheck,
  Eye,
  Mails,
  Pause,
  Pencil,
  Play,
  Rocket,
  Send,
  Trash2,
} from 'lucide-react';
import type { ColumnDef } from '@/components/ui/data-table';
import { Button } from '@/components/ui/button';
import { formatCount, formatDate } from '@/lib/format';
import { useCampaignDelivery } from '../../api/delivery';
import type { DeliveryActions } from '../../delivery/delivery-actions';
import { DeliveryProgress } from '../../delivery/delivery-progress';
import { offeredActions } from '../../delivery/offered-actions';
import { ScheduledTime } from '../../delivery/scheduled-time';
import { CampaignRowStats } from '../../stats/campaign-row-stats';
import { CampaignStatusBadge, DataQualityBadge } from './campaign-badges';

export type CampaignRowHandlers = {
  /** Opens the campaign in the editor; one that cannot be edited shows why (2.7). */
  onEdit: (campaign: CampaignSummary) => void;
  onPreview: (campaign: CampaignSummary) => void;
  onAiEdit: (campaign: CampaignSummary) => void;
  onDelete: (campaign: CampaignSummary) => void;
  /** Send for Approval (draft) or Resubmit (rejected): creates the link and copies it. */
  onSendForApproval: (campaign: CampaignSummary) => void;
  /** Publish (approved and ready). */
  onPublish: (campaign: CampaignSummary) => void;
  /** The campaign whose approval or publish call is under way. */
  busyId: string | null;
  /** Schedule, Cancel Schedule, Send Now, Pause, Resume and an admin's Approve. */
  delivery: Omit<DeliveryActions, 'dialogs'>;
};

function DateLine({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <p>
      <span className="text-slate-600">{label}</span> {formatDate(value)}
    </p>
  );
}

/** The send's progress under the badge (polled while sending), Resume when paused. */
function StatusCell({ campaign, handlers }: { campaign: CampaignSummary; handlers: CampaignRowHandlers }) {
  const { delivery } = useCampaignDelivery(campaign.id, campaign.delivery);
  const allowed = offeredActions(campaign, delivery);
  return (
    <div className="space-y-2">
      <CampaignStatusBadge campaign={campaign} />
      {delivery && (
        <DeliveryProgress
          compact
          delivery={delivery}
          campaignName={campaign.name}
          sentAt={campaign.sent_at}
          isBusy={handlers.delivery.busyId === campaign.id}
          onResume={allowed.has('resume') ? () => handlers.delivery.resume(campaign) : undefined}
        />
      )}
      <CampaignRowStats campaign={campaign} />
    </div>
  );
}

/** The row's actions, offered only where the state machine (4.5) allows: the campaign's actions. */
function RowActions({ campaign, handlers }: { campaign: CampaignSummary; handlers: CampaignRowHandlers }) {
  const { delivery: progress } = useCampaignDelivery(campaign.id, campaign.delivery, false);
  const allowed = offeredActions(campaign, progress);
  const name = campaign.name;
  const delivery = handlers.delivery;
  const isBusy = delivery.busyId === campaign.id;
  const sendLabel = allowed.has('resubmit') ? APPROVAL_MESSAGES.resubmit : APPROVAL_MESSAGES.sendForApproval;
  return (
    <div className="flex items-center justify-end gap-0.5">
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Preview ${name}`}
        title="Preview and versions"
        onClick={() => handlers.onPreview(campaign)}
      >
        <Eye className="size-4" aria-hidden="true" />
      </Button>
      {allowed.has('edit') && (
        <>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Edit ${name}`}
            title="Edit"
            onClick={() => handlers.onEdit(campaign)}
          >
            <Pencil className="size-4" aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Edit ${name} with AI`}
            title="AI Campaign Editor"
            onClick={() => handlers.onAiEdit(campaign)}
          >
            <Bot className="size-4" aria-hidden="true" />
          </Button>
        </>
      )}
      {(allowed.has('send_for_approval') || allowed.has('resubmit')) && (
        <Button
          variant="ghost"
          size="icon"
          isLoading={handlers.busyId === campaign.id}
          aria-label={`${sendLabel}: ${name}`}
          title={`${sendLabel} (copies the approval link)`}
          onClick={() => handlers.onSendForApproval(campaign)}
        >
          {handlers.busyId !== campaign.id && <Send className="size-4" aria-hidden="true" />}
        </Button>
      )}
      {allowed.has('publish') && (
        <Button
          variant="ghost"
          size="icon"
          isLoading={handlers.busyId === campaign.id}
          aria-label={`${APPROVAL_MESSAGES.publish}: ${name}`}
          title={APPROVAL_MESSAGES.publish}
          onClick={() => handlers.onPublish(campaign)}
        >
          {handlers.busyId !== campaign.id && <Rocket className="size-4" aria-hidden="true" />}
        </Button>
      )}
      {allowed.has('approve') && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Approve ${name}`}
          title="Approve (as an administrator)"
          onClick={() => delivery.approve(campaign)}
        >
          <CircleCheck className="size-4" aria-hidden="true" />
        </Button>
      )}
      {allowed.has('schedule') && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`${allowed.has('cancel_schedule') ? 'Reschedule' : 'Schedule'} ${name}`}
          title={allowed.has('cancel_schedule') ? 'Reschedule' : 'Schedule'}
          onClick={() => delivery.schedule(campaign)}
        >
          <CalendarClock className="size-4" aria-hidden="true" />
        </Button>
      )}
      {allowed.has('cancel_schedule') && (
        <Button
          variant="ghost"
          size="icon"
          isLoading={isBusy}
          aria-label={`Cancel Schedule: ${name}`}
          title="Cancel Schedule (stays published)"
          onClick={() => delivery.cancelSchedule(campaign)}
        >
          {!isBusy && <CalendarX className="size-4" aria-hidden="true" />}
        </Button>
      )}
      {allowed.has('send') && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Send Now: ${name}`}
          title="Send Now"
          onClick={() => delivery.send(campaign)}
        >
          <Mails className="size-4" aria-hidden="true" />
        </Button>
      )}
      {allowed.has('pause') && (
        <Button
          variant="ghost"
          size="icon"
          isLoading={isBusy}
          aria-label={`Pause sending: ${name}`}
          title="Pause sending"
          onClick={() => delivery.pause(campaign)}
        >
          {!isBusy && <Pause className="size-4" aria-hidden="true" />}
        </Button>
      )}
      {allowed.has('resume') && !progress && (
        <Button
          variant="ghost"
          size="icon"
          isLoading={isBusy}
          aria-label={`Resume sending: ${name}`}
          title="Resume sending"
          onClick={() => delivery.resume(campaign)}
        >
          {!isBusy && <Play className="size-4" aria-hidden="true" />}
        </Button>
      )}
      {allowed.has('delete') && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete ${name}`}
          title="Delete"
          className="text-red-700 hover:bg-red-50"
          onClick={() => handlers.onDelete(campaign)}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}

/** Columns of 2.6: Campaign, Segment, Data Quality, Status, Recipients, Dates, Actions. */
export function campaignColumns(handlers: CampaignRowHandlers): ColumnDef<CampaignSummary>[] {
  return [
    {
      id: 'campaign',
      header: 'Campaign',
      meta: { className: 'min-w-44' },
      cell: ({ row }) => (
        <div className="min-w-0">
          <button
            type="button"
            className="text-left font-medium text-slate-900 hover:text-indigo-700 hover:underline [overflow-wrap:anywhere]"
            onClick={() => handlers.onEdit(row.original)}
          >
            {row.original.name}
          </button>
          <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{row.original.subject}</p>
        </div>
      ),
    },
    {
      id: 'segment',
      header: 'Segment',
      meta: { className: 'min-w-28' },
      cell: ({ row }) => (
        <div>
          <p className="text-sm text-slate-900 [overflow-wrap:anywhere]">
            {row.original.segment_name ?? 'No segment'}
          </p>
          <p className="text-xs text-slate-600">{formatCount(row.original.segment_leads)} leads</p>
        </div>
      ),
    },
    {
      id: 'quality',
      header: 'Data Quality',
      meta: { className: 'min-w-24' },
      cell: ({ row }) => <DataQualityBadge validation={row.original.generation_metadata.data_validation} />,
    },
    {
      id: 'status',
      header: 'Status',
      meta: { isShort: true },
      cell: ({ row }) => <StatusCell campaign={row.original} handlers={handlers} />,
    },
    {
      id: 'recipients',
      header: 'Recipients',
      meta: { isShort: true, className: 'text-right' },
      cell: ({ row }) => (
        <span className="text-sm text-slate-900 tabular-nums">
          {formatCount(row.original.estimated_recipients)}
        </span>
      ),
    },
    {
      id: 'dates',
      header: 'Dates',
      meta: { className: 'min-w-32 text-xs' },
      cell: ({ row }) => (
        <div className="space-y-0.5 text-xs text-slate-800">
          <DateLine label="Created" value={row.original.created_at} />
          {row.original.scheduled_for && (
            <ScheduledTime
              value={row.original.scheduled_for}
              timeZone={row.original.scheduled_time_zone}
              label="Scheduled"
            />
          )}
          <DateLine label="Sent" value={row.original.sent_at} />
        </div>
      ),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => <RowActions campaign={row.original} handlers={handlers} />,
    },
  ];
}
