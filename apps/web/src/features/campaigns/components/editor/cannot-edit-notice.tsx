import {
  CAMPAIGN_MESSAGES,
  cannotEditReason,
  effectivePublishStatus,
  type Campaign,
} from '@lantern/contracts';
import { Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/** 2.7: a campaign that is neither draft nor rejected cannot be edited; say why and offer Close. */
export function CannotEditNotice({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={CAMPAIGN_MESSAGES.cannotEdit}
      size="sm"
      footer={<Button onClick={onClose}>{CAMPAIGN_MESSAGES.close}</Button>}
    >
      <div className="space-y-4 text-sm text-slate-700">
        <div className="flex gap-3">
          <Lock className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
          <p>{cannotEditReason(campaign)}</p>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
          <dt className="font-medium text-slate-900">Campaign</dt>
          <dd className="[overflow-wrap:anywhere]">{campaign.name}</dd>
          <dt className="font-medium text-slate-900">Approval status</dt>
          <dd data-testid="approval-status">{campaign.approval_status}</dd>
          <dt className="font-medium text-slate-900">Publish status</dt>
          <dd data-testid="publish-status">{effectivePublishStatus(campaign.publish_status)}</dd>
        </dl>
      </div>
    </Dialog>
  );
}
