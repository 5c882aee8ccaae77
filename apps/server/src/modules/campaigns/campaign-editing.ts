import {
  CAMPAIGN_DEFAULT_PERSONALIZATION,
  CAMPAIGN_MESSAGES,
  canDelete,
  canEdit,
  cannotDeleteReason,
  cannotEditReason,
  resetsApprovalOnSave,
  type Campaign,
  type CampaignCreate,
  type CampaignUpdate,
  type GenerationMetadata,
  type Segment,
} from '@lantern/contracts';
import { BadInputError, ConflictError, NotFoundError } from '../../http/errors';
import type { Database } from '../../db/client';
import { audienceCounts, dataValidation, type AudienceSegments } from './campaign-audience';
import { campaignPlainText, campaignVariables, sanitizeCampaignHtml } from './campaign-html';
import { getCampaignRow, stateOf, toCampaign } from './campaign-records';
import type { CampaignsRepository, NewVersion } from './campaigns.repository';
import type { CampaignInsert, CampaignRow } from './campaigns.tables';

// Creating, changing and deleting a campaign under the rules of 4.5 (campaign-rules.ts): only a
// draft or rejected campaign changes; saving a rejected one resets it to draft and clears its
// approval; every save of content is a version. Audience fields are computed, never taken.

export type CampaignSegments = AudienceSegments & {
  getSegment: (id: string) => Promise<Segment>;
  segmentNames: (ids: string[]) => Promise<{ id: string; name: string }[]>;
};

export type EditingDeps = {
  repo: CampaignsRepository;
  db: Database;
  segments: CampaignSegments;
};

export type Editor = { userId: string | null };

/** The segment a campaign is for, or a 400: it must exist and may not be do-not-contact. */
export async function campaignSegment(segments: CampaignSegments, id: string): Promise<Segment> {
  let segment: Segment;
  try {
    segment = await segments.getSegment(id);
  } catch (error) {
    if (error instanceof NotFoundError) throw new BadInputError(CAMPAIGN_MESSAGES.segmentNotFound);
    throw error;
  }
  if (segment.never_contact)
    throw new BadInputError(`"${segment.name}" is marked Do Not Contact: campaigns cannot be sent to it`);
  return segment;
}

/** The computed audience fields for this segment and content. */
export async function audienceFields(
  deps: Pick<EditingDeps, 'db' | 'segments'>,
  segment: Pick<Segment, 'id' | 'name'> | null,
  content: { subject: string; html: string },
  metadata: Partial<GenerationMetadata>,
) {
  const counts = await audienceCounts(deps.db, deps.segments, segment ? [segment.id] : []);
  const validation = dataValidation(counts, campaignVariables(content.subject, content.html));
  return {
    segmentName: segment?.name ?? null,
    segmentLeads: validation.segment_leads,
    estimatedRecipients: validation.sendable_leads,
    generationMetadata: { ...metadata, data_validation: validation },
  };
}

function cleanContent(html: string, text: string | null | undefined) {
  const sanitized = sanitizeCampaignHtml(html);
  const plain = text?.trim() ? text : campaignPlainText(sanitized.html);
  return { html: sanitized.html, text: plain, removed: sanitized.removed };
}

export async function createCampaign(
  deps: EditingDeps,
  input: CampaignCreate,
  editor: Editor,
): Promise<Campaign> {
  const segment = await campaignSegment(deps.segments, input.segment_id);
  const content = cleanContent(input.content_html, input.content_text);
  const given = input.generation_metadata ?? {};
  const metadata: Partial<GenerationMetadata> = {
    ...given,
    personalization_level: given.personalization_level ?? CAMPAIGN_DEFAULT_PERSONALIZATION,
    generated_by: given.generated_by ?? 'manual',
    flags: [
      ...(given.flags ?? []),
      ...(content.removed.length
        ? [{ kind: 'html_removed' as const, message: `Removed for safety: ${content.removed.join(', ')}.` }]
        : []),
    ],
  };
  const audience = await audienceFields(
    deps,
    segment,
    { subject: input.subject, html: content.html },
    metadata,
  );
  const row = await deps.repo.insertCampaign(
    {
      name: input.name,
      subject: input.subject,
      contentHtml: content.html,
      contentText: content.text,
      segmentId: segment.id,
      templateId: input.template_id ?? null,
      createdBy: editor.userId,
      ...audience,
    },
    {
      subject: input.subject,
      contentHtml: content.html,
      contentText: content.text,
      instruction: given.prompt ?? null,
      changeSummary:
        given.generated_by === 'ai' || given.generated_by === 'offline' ? 'Generated draft' : 'Created',
      personalizationLevel: metadata.personalization_level!,
      source: 'created',
      createdBy: editor.userId,
    },
  );
  // A template's use is counted when a campaign made from it is sent (the send engine), not here.
  return toCampaign(row);
}

/** The segment of a change: segment_id, or the one of segment_ids (exactly one when editing). */
function changedSegmentId(change: CampaignUpdate): string | undefined {
  const fromList = change.segment_ids?.[0];
  if (change.segment_id && fromList && change.segment_id !== fromList)
    throw new BadInputError(CAMPAIGN_MESSAGES.exactlyOneSegment);
  return change.segment_id ?? fromList;
}

/** 409 unless the campaign may be edited now; approval only moves through the approval link. */
export function assertEditable(row: CampaignRow, change?: Pick<CampaignUpdate, 'approval_status'>) {
  const state = stateOf(row);
  if (!canEdit(state)) throw new ConflictError(cannotEditReason(state));
  if (change?.approval_status !== undefined && change.approval_status !== 'draft')
    throw new ConflictError(
      `The approval status cannot be set to ${change.approval_status} here: campaigns are approved or rejected through their approval link.`,
    );
}

const APPROVAL_RESET = {
  approvalStatus: 'draft',
  approvalFeedback: null,
  approvedAt: null,
  approvedByEmail: null,
  approvalTokenHash: null,
  approvalVersionNumber: null,
  approvalContentHash: null,
  approvalExpiresAt: null,
  approvalRequestedBy: null,
  approvalNotifyEmail: null,
  approvalRequestedAt: null,
  approvalDecidedAt: null,
} as const;

export async function updateCampaign(
  deps: EditingDeps,
  id: string,
  change: CampaignUpdate,
  editor: Editor,
): Promise<Campaign> {
  const row = await getCampaignRow(deps.repo, id);
  assertEditable(row, change);
  const segmentId = changedSegmentId(change);
  const segment =
    segmentId && segmentId !== row.segmentId
      ? await campaignSegment(deps.segments, segmentId)
      : await currentSegment(deps.segments, row);

  const subject = change.subject ?? row.subject;
  const content =
    change.content_html !== undefined
      ? cleanContent(change.content_html, change.content_text)
      : { html: row.contentHtml, text: change.content_text ?? row.contentText, removed: [] };
  const subjectChanged = subject !== row.subject;
  const htmlChanged = content.html !== row.contentHtml;
  const stored = row.generationMetadata;
  const patch: Partial<CampaignInsert> = {
    ...(change.name !== undefined ? { name: change.name } : {}),
    subject,
    contentHtml: content.html,
    contentText: content.text,
    segmentId: segment?.id ?? null,
    ...(change.template_id !== undefined ? { templateId: change.template_id } : {}),
    ...(resetsApprovalOnSave(stateOf(row)) ? APPROVAL_RESET : {}),
    ...(await audienceFields(deps, segment, { subject, html: content.html }, stored)),
  };
  const version: NewVersion | null =
    subjectChanged || htmlChanged
      ? {
          subject,
          contentHtml: content.html,
          contentText: content.text,
          instruction: null,
          changeSummary: manualSummary(subjectChanged, htmlChanged, content.removed),
          personalizationLevel: stored.personalization_level ?? CAMPAIGN_DEFAULT_PERSONALIZATION,
          source: 'manual',
          createdBy: editor.userId,
        }
      : null;
  const saved = await deps.repo.updateCampaign(id, patch, version, row.approvalStatus);
  if (!saved)
    throw new ConflictError('The campaign changed while you were editing it: reload it and try again.');
  return toCampaign(saved);
}

function manualSummary(subject: boolean, html: boolean, removed: string[]): string {
  const what =
    subject && html
      ? 'Subject and content edited by hand'
      : subject
        ? 'Subject line edited'
        : 'Content edited by hand';
  return removed.length ? `${what} (removed for safety: ${removed.join(', ')})` : what;
}

/** The campaign's segment with its current name (null once the segment is deleted). */
export async function currentSegment(segments: CampaignSegments, row: Pick<CampaignRow, 'segmentId'>) {
  if (!row.segmentId) return null;
  const [found] = await segments.segmentNames([row.segmentId]);
  return found ?? null;
}

export async function deleteCampaign(deps: Pick<EditingDeps, 'repo'>, id: string): Promise<void> {
  const row = await getCampaignRow(deps.repo, id);
  const state = stateOf(row);
  if (!canDelete(state)) throw new ConflictError(cannotDeleteReason(state));
  await deps.repo.deleteCampaign(id);
}

/** POST set-final-version: a numbered version, or null for the current one; only while editable. */
export async function setFinalVersion(
  deps: Pick<EditingDeps, 'repo'>,
  id: string,
  versionNumber: number | null,
) {
  const row = await getCampaignRow(deps.repo, id);
  const state = stateOf(row);
  if (!canEdit(state))
    throw new ConflictError(`The final version cannot change now: ${cannotEditReason(state)}`);
  if (versionNumber !== null && !(await deps.repo.findVersion(id, versionNumber)))
    throw new NotFoundError(CAMPAIGN_MESSAGES.versionNotFound);
  await deps.repo.setFinalVersion(id, versionNumber);
  return { success: true as const, final_version_number: versionNumber };
}
