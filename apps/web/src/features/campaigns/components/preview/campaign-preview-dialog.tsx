import {
  APPROVAL_MESSAGES,
  canEdit,
  canPublish,
  canSendForApproval,
  CAMPAIGN_MESSAGES,
  type Campaign,
} from '@lantern/contracts';
import { Pencil, Rocket, Send } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api-client';
import { useCampaign } from '../../api/get-campaigns';
import { useCampaignVersion } from '../../api/versions';
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
  const data = campaign.data;
  const isBusy = approval.busyId === campaignId;
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
          {data && canPublish(data) && (
            <Button variant="secondary" isLoading={isBusy} onClick={() => approval.publish(data)}>
              {!isBusy && <Rocket className="size-4" aria-hidden="true" />}
              {APPROVAL_MESSAGES.publish}
            </Button>
          )}
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
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
