import { effectivePublishStatus, type Campaign } from '@lantern/contracts';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format';
import { CampaignStatusBadge } from '../table/campaign-badges';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-900">{label}</dt>
      <dd className="text-slate-700 [overflow-wrap:anywhere]">{children}</dd>
    </>
  );
}

/**
 * What is known of the campaign's approval. The approval link and the reviewer's decision are
 * recorded by the campaign results issue; until then these read 'None yet'.
 */
export function ApprovalDetails({ campaign }: { campaign: Campaign }) {
  const none = <span className="text-slate-600">None yet</span>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      <Row label="Status">
        <CampaignStatusBadge campaign={campaign} />
      </Row>
      <Row label="Approval status">{campaign.approval_status}</Row>
      <Row label="Publish status">{effectivePublishStatus(campaign.publish_status)}</Row>
      <Row label="Approval link">{campaign.has_approval_link ? 'Created' : none}</Row>
      <Row label="Final version">
        {campaign.final_version_number === null
          ? 'Current content'
          : `Version ${campaign.final_version_number}`}
      </Row>
      <Row label="Reviewer">{campaign.approved_by_email ?? none}</Row>
      <Row label="Decided">{campaign.approved_at ? formatDateTime(campaign.approved_at) : none}</Row>
      <Row label="Feedback">{campaign.approval_feedback ?? none}</Row>
    </dl>
  );
}
