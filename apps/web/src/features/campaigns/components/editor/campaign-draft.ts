import {
  CAMPAIGN_HTML_MAX_CHARS,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_SUBJECT_MAX,
  campaignNameForSegment,
  type Campaign,
  type CampaignCreateInput,
  type CampaignSegmentOption,
  type CampaignUpdateInput,
  type GeneratedDraft,
  type GenerationMetadata,
} from '@lantern/contracts';
import { z } from 'zod';
import { plainTextOf } from '../../lib/plain-text';

/** The editor's form (2.7): the chosen segments, name, subject and HTML. */
export type CampaignDraft = {
  segment_ids: string[];
  name: string;
  subject: string;
  content_html: string;
};

/** What the editor starts from in create mode: empty, or a generated draft. */
export type CampaignSeed = {
  draft: CampaignDraft;
  template_id?: string | null;
  generation_metadata?: GenerationMetadata | null;
};

export const emptyCampaignDraft = (): CampaignDraft => ({
  segment_ids: [],
  name: '',
  subject: '',
  content_html: '',
});

/** 5.6 in the editor's order: name, subject, content, then the segments. */
export function campaignDraftSchema(isEditing: boolean) {
  return z
    .object({
      name: z
        .string()
        .trim()
        .min(1, CAMPAIGN_MESSAGES.nameRequired)
        .max(CAMPAIGN_NAME_MAX, CAMPAIGN_MESSAGES.nameTooLong),
      subject: z
        .string()
        .trim()
        .min(1, CAMPAIGN_MESSAGES.subjectRequired)
        .max(CAMPAIGN_SUBJECT_MAX, CAMPAIGN_MESSAGES.subjectTooLong),
      content_html: z
        .string()
        .max(CAMPAIGN_HTML_MAX_CHARS, CAMPAIGN_MESSAGES.contentTooLong)
        .refine((html) => html.trim().length > 0, CAMPAIGN_MESSAGES.contentRequired),
      segment_ids: z.array(z.string()).min(1, CAMPAIGN_MESSAGES.segmentRequired),
    })
    .refine((draft) => !isEditing || draft.segment_ids.length <= 1, {
      message: CAMPAIGN_MESSAGES.exactlyOneSegment,
      path: ['segment_ids'],
    });
}

export const toCampaignDraft = (campaign: Campaign): CampaignDraft => ({
  segment_ids: campaign.segment_id ? [campaign.segment_id] : [],
  name: campaign.name,
  subject: campaign.subject,
  content_html: campaign.content_html,
});

/** A generated draft as the editor's starting point (its segment or segments already chosen). */
export const seedFromGenerated = (generated: GeneratedDraft): CampaignSeed => ({
  draft: {
    segment_ids: generated.segment_id ? [generated.segment_id] : generated.segment_ids,
    name: generated.name,
    subject: generated.subject,
    content_html: generated.content_html,
  },
  template_id: generated.generation_metadata.template_id ?? null,
  generation_metadata: generated.generation_metadata,
});

/**
 * One POST body per chosen segment (7.4): with several segments each name gets ' - {segment name}'.
 * The plain text is derived from the HTML; a generated draft's metadata travels with it.
 */
export function toCreateBodies(
  draft: CampaignDraft,
  segments: readonly CampaignSegmentOption[],
  seed?: Omit<CampaignSeed, 'draft'>,
): CampaignCreateInput[] {
  const byId = new Map(segments.map((segment) => [segment.id, segment]));
  const name = draft.name.trim();
  return draft.segment_ids.map((segmentId) => ({
    name: campaignNameForSegment(name, byId.get(segmentId)?.name ?? '', draft.segment_ids.length),
    subject: draft.subject.trim(),
    content_html: draft.content_html,
    content_text: plainTextOf(draft.content_html),
    segment_id: segmentId,
    ...(seed?.template_id ? { template_id: seed.template_id } : {}),
    ...(seed?.generation_metadata ? { generation_metadata: seed.generation_metadata } : {}),
  }));
}

/** The whole form as PUT /api/campaigns/{id} takes it; a rejected campaign is reset to draft. */
export function toUpdateBody(
  draft: CampaignDraft,
  campaign: Pick<Campaign, 'approval_status'>,
): CampaignUpdateInput {
  const body: CampaignUpdateInput = {
    name: draft.name.trim(),
    subject: draft.subject.trim(),
    content_html: draft.content_html,
    content_text: plainTextOf(draft.content_html),
    segment_id: draft.segment_ids[0],
    segment_ids: draft.segment_ids,
  };
  if (campaign.approval_status !== 'rejected') return body;
  return {
    ...body,
    approval_status: 'draft',
    approval_feedback: null,
    approved_at: null,
    approved_by_email: null,
    approval_token: null,
  };
}
