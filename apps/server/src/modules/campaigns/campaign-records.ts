import {
  badgeText,
  CAMPAIGN_DEFAULT_PERSONALIZATION,
  CAMPAIGN_MESSAGES,
  campaignActions,
  type Campaign,
  type CampaignApprovalStatus,
  type CampaignDelivery,
  type CampaignPublishStatus,
  type CampaignSummary,
  type GenerationMetadata,
} from '@lantern/contracts';
import { NotFoundError } from '../../http/errors';
import type { CampaignsRepository, CampaignSummaryRow } from './campaigns.repository';
import type { CampaignRow } from './campaigns.tables';

// A campaign row or a 404, and its API shape (3.8) with the badge and actions of campaign-rules.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getCampaignRow(repo: CampaignsRepository, id: string): Promise<CampaignRow> {
  const row = UUID.test(id) ? await repo.findCampaign(id) : undefined;
  if (!row) throw new NotFoundError(CAMPAIGN_MESSAGES.notFound);
  return row;
}

export const stateOf = (
  row: Pick<CampaignRow, 'approvalStatus' | 'publishStatus'> & Partial<Pick<CampaignRow, 'deliveryStatus'>>,
) => ({
  approval_status: row.approvalStatus as CampaignApprovalStatus,
  publish_status: row.publishStatus as CampaignPublishStatus,
  delivery_status: row.deliveryStatus ?? null,
});

/** The send's progress from the campaign row's counters (null until a send starts). */
export function deliveryOf(
  row: Pick<
    CampaignRow,
    | 'deliveryStatus'
    | 'deliveryProvider'
    | 'recipientsTotal'
    | 'recipientsSent'
    | 'recipientsFailed'
    | 'recipientsSkipped'
    | 'pausedReason'
    | 'sendStartedAt'
    | 'sendFinishedAt'
  >,
): CampaignDelivery | null {
  if (!row.deliveryStatus) return null;
  const { recipientsTotal: total, recipientsSent: sent, recipientsFailed: failed } = row;
  const skipped = row.recipientsSkipped;
  return {
    status: row.deliveryStatus,
    total,
    sent,
    failed,
    skipped,
    pending: Math.max(0, total - sent - failed - skipped),
    paused_reason: row.deliveryStatus === 'paused' ? row.pausedReason : null,
    started_at: iso(row.sendStartedAt),
    finished_at: iso(row.sendFinishedAt),
    provider: row.deliveryProvider ?? 'outbox',
  };
}

function metadataOf(stored: Partial<GenerationMetadata>): GenerationMetadata {
  return {
    ...stored,
    personalization_level: stored.personalization_level ?? CAMPAIGN_DEFAULT_PERSONALIZATION,
    data_validation: stored.data_validation ?? null,
    generated_by: stored.generated_by ?? 'manual',
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The table's row: everything but the content. `segmentName` is the segment's current name. */
export function toCampaignSummary(row: CampaignSummaryRow, segmentName?: string | null): CampaignSummary {
  const { personalization_level, generated_by, data_validation } = metadataOf(row.generationMetadata);
  return {
    ...recordOf(row, segmentName),
    generation_metadata: {
      personalization_level,
      generated_by,
      data_validation: data_validation && {
        quality_score: data_validation.quality_score,
        quality_color: data_validation.quality_color,
        segment_leads: data_validation.segment_leads,
        sendable_leads: data_validation.sendable_leads,
        excluded_leads: data_validation.excluded_leads,
      },
    },
  };
}

function recordOf(row: CampaignSummaryRow, segmentName?: string | null) {
  const state = stateOf(row);
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    segment_id: row.segmentId,
    segment_name: segmentName ?? row.segmentName,
    segment_leads: row.segmentLeads,
    estimated_recipients: row.estimatedRecipients,
    target_segment_count: row.targetSegmentCount,
    approval_status: state.approval_status,
    publish_status: state.publish_status,
    has_approval_link: row.approvalTokenHash !== null,
    approval_feedback: row.approvalFeedback,
    approved_by_email: row.approvedByEmail,
    approved_at: iso(row.approvedAt),
    approval_version_number: row.approvalVersionNumber,
    approval_expires_at: iso(row.approvalExpiresAt),
    scheduled_for: iso(row.scheduledFor),
    scheduled_time_zone: row.scheduledTimeZone,
    delivery: deliveryOf(row),
    sent_at: iso(row.sentAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    final_version_number: row.finalVersionNumber,
    current_version_number: row.currentVersionNumber,
    template_id: row.templateId,
    badge: badgeText(state),
    actions: campaignActions(state),
  };
}

export function toCampaign(row: CampaignRow, segmentName?: string | null): Campaign {
  return {
    ...recordOf(row, segmentName),
    generation_metadata: metadataOf(row.generationMetadata),
    content_html: row.contentHtml,
    content_text: row.contentText,
  };
}
