import {
  APPROVAL_MESSAGES,
  canEdit,
  canPublish,
  canSendForApproval,
  CAMPAIGN_MESSAGES,
  effectivePublishStatus,
  type Campaign,
} from '@lantern/contracts';
import {
  CalendarClock,
  CalendarX,
  CircleCheck,
  Mails,
  Pause,
  Pencil,
  Play,
  Rocket,
  Send,
} from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api-client';
import { useCampaign } from '../../api/get-campaigns';
import { useCampaignDelivery } from '../../api/delivery';
import { useCampaignVersion } from '../../api/versions';
import { useDeliveryActions } from '../../delivery/delivery-actions';
import { DeliveryProgress } from '../../delivery/delivery-progress';
import { offeredActions } from '../../delivery/offered-actions';
import { ScheduledTime } from '../../delivery/scheduled-time';
import { hasResults } from '../../stats/campaign-row-stats';
import { CampaignStatsPanel } from '../../stats/campaign-stats-panel';
import { useApprovalActions } from '../approval/approval-actions';
import { CampaignLivePreview } from '../editor/campaign-live-preview';
import { ApprovalDetails } from './approval-details';
import { DataQualityDetails } from './data-quality-details';
import { HtmlEditPanel } from './html-edit-panel';
import { SubjectEditor } from './subject-editor';
import { VersionHistory } from './version-history';

type CampaignPreviewDialogProps = { campaignId: string; onClose: () => void; onEdit: () => void };

/** Campaign Preview (2.6): version history, the HTML editor, subject edit and approval details. */
export function CampaignPreviewDialog({ campaignId, onClose, onEdit }: CampaignPreviewDialogProps) {
  const campaign = useCampaign(campaignId);
  const approval = useApprovalActions();
  const delivery = useDeliveryActions();
  const data = campaign.data;
  const isBusy = approval.busyId === campaignId;
  const isDeliveryBusy = delivery.busyId === campaignId;
  const progress = useCampaignDelivery(campaignId, data?.delivery).delivery;
  const offered = data ? offeredActions(data, progress) : new Set<string>();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={campaign.data ? campaign.data.name : 'Campaign Preview'}
      description="Preview, versions and approval"
      size="xl"
      footer={
        <>
          {data && canEdit(data) && (
            <Button variant="secondary" onClick={onEdit}>
              <Pencil className="size-4" aria-hidden="true" />
              Edit Campaign
            </Button>
          )}
          {data && canSendForApproval(data) && (
            <Button variant="secondary" isLoading={isBusy} onClick={() => approval.sendForApproval(data)}>
              {!isBusy && <Send className="size-4" aria-hidden="true" />}
              {data.approval_status === 'rejected'
                ? APPROVAL_MESSAGES.resubmit
                : APPROVAL_MESSAGES.sendForApproval}
            </Button>
          )}
          {data && offered.has('approve') && (
            <Button variant="secondary" onClick={() => delivery.approve(data)}>
              <CircleCheck className="size-4" aria-hidden="true" />
              {APPROVAL_MESSAGES.approve}
            </Button>
          )}
          {data && canPublish(data) && (
            <Button variant="secondary" isLoading={isBusy} onClick={() => approval.publish(data)}>
              {!isBusy && <Rocket className="size-4" aria-hidden="true" />}
              {APPROVAL_MESSAGES.publish}
            </Button>
          )}
          {data && offered.has('cancel_schedule') && (
            <Button
              variant="secondary"
              isLoading={isDeliveryBusy}
              onClick={() => delivery.cancelSchedule(data)}
            >
              {!isDeliveryBusy && <CalendarX className="size-4" aria-hidden="true" />}
              Cancel Schedule
            </Button>
          )}
          {data && offered.has('schedule') && (
            <Button variant="secondary" onClick={() => delivery.schedule(data)}>
              <CalendarClock className="size-4" aria-hidden="true" />
              {offered.has('cancel_schedule') ? 'Reschedule' : 'Schedule'}
            </Button>
          )}
          {data && offered.has('pause') && (
            <Button variant="secondary" isLoading={isDeliveryBusy} onClick={() => delivery.pause(data)}>
              {!isDeliveryBusy && <Pause className="size-4" aria-hidden="true" />}
              Pause
            </Button>
          )}
          {data && offered.has('resume') && (
            <Button variant="secondary" isLoading={isDeliveryBusy} onClick={() => delivery.resume(data)}>
              {!isDeliveryBusy && <Play className="size-4" aria-hidden="true" />}
              Resume
            </Button>
          )}
          {data && offered.has('send') && (
            <Button variant="secondary" onClick={() => delivery.send(data)}>
              <Mails className="size-4" aria-hidden="true" />
              Send Now
            </Button>
          )}
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      {data && (progress || data.scheduled_for) && (
        <div className="mb-5 space-y-3 text-sm text-slate-800">
          {data.scheduled_for && effectivePublishStatus(data.publish_status) === 'scheduled' && (
            <ScheduledTime
              value={data.scheduled_for}
              timeZone={data.scheduled_time_zone}
              label="Scheduled for"
            />
          )}
          {progress && (
            <DeliveryProgress delivery={progress} campaignName={data.name} sentAt={data.sent_at} />
          )}
        </div>
      )}
      {data && hasResults(data) && <CampaignStatsPanel campaignId={data.id} className="mb-5" />}
      {campaign.data ? (
        <PreviewBody campaign={campaign.data} />
      ) : campaign.isError ? (
        <Alert tone="error">{errorMessage(campaign.error, CAMPAIGN_MESSAGES.loadFailed)}</Alert>
      ) : (
        <div className="flex items-center gap-2 text-sm text-slate-700" role="status">
          <Spinner size="sm" /> Loading the campaign…
        </div>
      )}
      {approval.dialogs}
      {delivery.dialogs}
    </Dialog>
  );
}

function PreviewBody({ campaign }: { campaign: Campaign }) {
  const [viewing, setViewing] = useState<number | null>(null);
  const version = useCampaignVersion(campaign.id, viewing);
  const isEditable = canEdit(campaign);
  const shownHtml = viewing === null ? campaign.content_html : (version.data?.content_html ?? '');
  const shownSubject = viewing === null ? campaign.subject : (version.data?.subject ?? '');
  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <aside aria-label="Versions" className="min-w-0">
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Version history</h3>
        <VersionHistory campaignId={campaign.id} viewing={viewing} onView={setViewing} />
      </aside>
      <div className="min-w-0 space-y-4">
        <SubjectEditor key={campaign.subject} campaign={campaign} isEditable={isEditable} />
        <Tabs defaultValue="preview">
          <TabsList aria-label="Campaign content">
            <TabsTrigger value="preview">Preview</TabsTrigger>
            {isEditable && <TabsTrigger value="html">Edit HTML</TabsTrigger>}
            <TabsTrigger value="quality">Data quality</TabsTrigger>
            <TabsTrigger value="approval">Approval</TabsTrigger>
          </TabsList>
          <TabsContent value="preview" className="pt-4">
            {viewing !== null && version.isPending ? (
              <div className="flex items-center gap-2 text-sm text-slate-700" role="status">
                <Spinner size="sm" /> Loading version {viewing}…
              </div>
            ) : viewing !== null && version.isError ? (
              <Alert tone="error">{errorMessage(version.error, CAMPAIGN_MESSAGES.versionNotFound)}</Alert>
            ) : (
              <>
                <p className="mb-2 text-xs text-slate-600" data-testid="viewing-version">
                  Showing {viewing === null ? 'the current content' : `version ${viewing}`}
                </p>
                <CampaignLivePreview subject={shownSubject} html={shownHtml} heightClass="h-[460px]" />
              </>
            )}
          </TabsContent>
          {isEditable && (
            <TabsContent value="html" className="pt-4">
              <HtmlEditPanel key={campaign.updated_at} campaign={campaign} />
            </TabsContent>
          )}
          <TabsContent value="quality" className="pt-4">
            <DataQualityDetails validation={campaign.generation_metadata.data_validation} />
          </TabsContent>
          <TabsContent value="approval" className="pt-4">
            <ApprovalDetails campaign={campaign} />
          </TabsContent>
        </Tabs>
      </div>
    </div>
  );
}
