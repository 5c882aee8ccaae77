import { APPROVAL_MESSAGES, effectivePublishStatus, type Campaign } from '@lantern/contracts';
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

/** Who decided, when, and what they said ('Request Changes' leaves the reviewer's feedback here). */
function decisionLabel(campaign: Campaign): string {
  if (campaign.approval_status === 'approved') return 'Approved';
  if (campaign.approval_status === 'rejected') return 'Changes requested';
  if (campaign.approval_status === 'pending') return 'Waiting for the reviewer';
  return 'Not sent for approval';
}

/** The campaign's approval: its link, the reviewer's decision, email, date and feedback. */
export function ApprovalDetails({ campaign }: { campaign: Campaign }) {
  const none = <span className="text-slate-600">None yet</span>;
  const linkVersion = campaign.approval_version_number;
  return (
    <section aria-labelledby="approval-details-heading" className="space-y-3">
      <h3 id="approval-details-heading" className="text-sm font-semibold text-slate-900">
        {APPROVAL_MESSAGES.approvalDetails}
      </h3>
      {campaign.approval_status === 'rejected' && campaign.approval_feedback && (
        <div
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
          data-testid="reviewer-feedback"
        >
          <p className="font-semibold">The reviewer requested changes</p>
          <p className="mt-1 whitespace-pre-wrap [overflow-wrap:anywhere]">{campaign.approval_feedback}</p>
        </div>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm" data-testid="approval-details">
        <Row label="Status">
          <CampaignStatusBadge campaign={campaign} />
        </Row>
        <Row label="Decision">{decisionLabel(campaign)}</Row>
        <Row label="Publish status">{effectivePublishStatus(campaign.publish_status)}</Row>
        <Row label="Approval link">
          {campaign.has_approval_link
            ? [
                'Created',
                linkVersion ? `for version ${linkVersion}` : null,
                campaign.approval_expires_at
                  ? `(expires ${formatDateTime(campaign.approval_expires_at)})`
                  : null,
              ]
                .filter(Boolean)
                .join(' ')
            : none}
        </Row>
        <Row label="Final version">
          {campaign.final_version_number === null
            ? 'Current content'
            : `Version ${campaign.final_version_number}`}
        </Row>
        <Row label="Reviewer">{campaign.approved_by_email ?? none}</Row>
        <Row label="Approved on">{campaign.approved_at ? formatDateTime(campaign.approved_at) : none}</Row>
        <Row label="Feedback">
          {campaign.approval_feedback ? (
            <span className="whitespace-pre-wrap" data-testid="approval-feedback">
              {campaign.approval_feedback}
            </span>
          ) : (
            none
          )}
        </Row>
      </dl>
    </section>
  );
}
