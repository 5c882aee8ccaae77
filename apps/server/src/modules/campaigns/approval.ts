import crypto from 'node:crypto';
import {
  APPROVAL_MESSAGES,
  APPROVAL_TOKEN_PATTERN,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_PERSONALIZATION_VARIABLES,
  canPublish,
  canSendForApproval,
  DELIVERY_MESSAGES,
  renderTemplateReport,
  TEMPLATE_SAMPLE_VARIABLES,
  type ApprovalDecision,
  type ApprovalDecisionResult,
  type ApprovalLink,
  type ApprovalPreview,
  type CampaignActionResult,
} from '@lantern/contracts';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { ConflictError, NotFoundError } from '../../http/errors';
import type { OutgoingEmail } from '../../providers/email/email-provider';
import { recordAuditEvent } from '../audit/audit.service';
import { campaignPlainText, escapeHtml } from './campaign-html';
import { getCampaignRow, stateOf, toCampaign } from './campaign-records';
import type { CampaignsRepository } from './campaigns.repository';
import { campaigns, type CampaignRow } from './campaigns.tables';
import { DeliveryError, type CampaignDelivery } from './delivery/campaign-delivery';
import { DeliveryFailedError } from './delivery/delivery-failed';

// Approval by an outside reviewer (issue 23, first slice; spec document 3: 2.10, 4.5, 7.4, 8.8):
// the link (32 random bytes, base64url, only its SHA-256 kept), the public preview, the reviewer's
// decision as one conditional update, the admin's direct approval, and publishing (built-in sender).

const DAY_MS = 86_400_000;

export type ApprovalDeps = {
  db: Database;
  repo: CampaignsRepository;
  /** Days a link lives (APPROVAL_LINK_DAYS). */
  linkDays: number;
  /** Queues an email (the email module's outbox). */
  sendEmail: (kind: string, message: OutgoingEmail) => Promise<unknown>;
  schoolName: () => Promise<string>;
  log: FastifyBaseLogger;
  /** The provider publish hands the campaign to (the built-in sender or MailerLite). */
  delivery?: Pick<CampaignDelivery, 'name' | 'publish'>;
};

/** Who asked: the signed-in admin and their address. */
export type ApprovalActor = { userId: string; email: string; ip: string | null };
/** The reviewer of a public link: only their address and browser are known. */
export type Reviewer = { ip: string | null; userAgent: string | null };

export const hashApprovalToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
export const newApprovalToken = () => crypto.randomBytes(32).toString('base64url');

/** The SHA-256 of what a reviewer approves: subject, HTML and text together. */
export const contentHash = (c: { subject: string; contentHtml: string; contentText: string }) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify([c.subject, c.contentHtml, c.contentText]))
    .digest('hex');

/** The content of a version, or of the campaign itself when that version is the current one. */
async function contentOf(repo: CampaignsRepository, row: CampaignRow, versionNumber: number) {
  const version = await repo.findVersion(row.id, versionNumber);
  if (version) return version;
  if (versionNumber === row.currentVersionNumber) return row;
  throw new NotFoundError(CAMPAIGN_MESSAGES.versionNotFound);
}

/** The version that will be sent: the final one if chosen, else the current one. */
const sendVersionOf = (row: CampaignRow) => row.finalVersionNumber ?? row.currentVersionNumber;

/** A token's campaign if the link is live (known, not revoked by a newer one, not expired). */
async function liveLink(db: Database, token: string): Promise<{ row: CampaignRow; hash: string }> {
  if (!APPROVAL_TOKEN_PATTERN.test(token)) throw new NotFoundError(APPROVAL_MESSAGES.notFound);
  const hash = hashApprovalToken(token);
  const [row] = await db.select().from(campaigns).where(eq(campaigns.approvalTokenHash, hash));
  if (!row || !row.approvalExpiresAt || row.approvalExpiresAt.getTime() <= Date.now())
    throw new NotFoundError(APPROVAL_MESSAGES.notFound);
  return { row, hash };
}

const decisionMessage = (approved: boolean) =>
  approved ? APPROVAL_MESSAGES.approvedMessage : APPROVAL_MESSAGES.rejectedMessage;

async function notifyCreator(deps: ApprovalDeps, row: CampaignRow, approved: boolean) {
  // The admin who sent the campaign for approval (their address when they did).
  const to = row.approvalNotifyEmail;
  if (!to) return;
  const who = row.approvedByEmail ?? 'The reviewer';
  const lines = [
    approved
      ? `${who} approved the campaign "${row.name}".`
      : `${who} requested changes to the campaign "${row.name}".`,
    row.approvalFeedback ? `Comments: ${row.approvalFeedback}` : 'No comments were given.',
    approved
      ? 'You can now publish it from Campaigns.'
      : 'Edit the campaign in Campaigns and resubmit it for approval.',
  ];
  try {
    await deps.sendEmail('campaign.approval_decision', {
      to,
      subject: approved
        ? APPROVAL_MESSAGES.notifyApprovedSubject(row.name)
        : APPROVAL_MESSAGES.notifyRejectedSubject(row.name),
      text: lines.join('\n\n'),
      html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'),
    });
  } catch (error) {
    // The decision stands; the admin still sees it on the campaign.
    deps.log.warn({ err: error, campaignId: row.id }, 'approval notification not queued');
  }
}

export function createApproval(deps: ApprovalDeps) {
  const { db, repo } = deps;

  return {
    /** POST /api/campaigns/{id}/create-approval-link: a new link revokes the old one; pending. */
    async createLink(
      id: string,
      versionNumber: number | null | undefined,
      actor: ApprovalActor,
      origin: string,
    ): Promise<ApprovalLink> {
      const row = await getCampaignRow(repo, id);
      if (!canSendForApproval(stateOf(row))) throw new ConflictError(APPROVAL_MESSAGES.cannotSendForApproval);
      const version = versionNumber ?? sendVersionOf(row);
      if (version > row.currentVersionNumber) throw new NotFoundError(CAMPAIGN_MESSAGES.versionNotFound);
      const content = await contentOf(repo, row, version);
      const token = newApprovalToken();
      const now = new Date();
      const expiresAt = new Date(now.getTime() + deps.linkDays * DAY_MS);
      const [saved] = await db
        .update(campaigns)
        .set({
          approvalStatus: 'pending',
          approvalTokenHash: hashApprovalToken(token),
          approvalVersionNumber: version,
          approvalContentHash: contentHash(content),
          approvalExpiresAt: expiresAt,
          approvalRequestedBy: actor.userId,
          approvalNotifyEmail: actor.email,
          approvalRequestedAt: now,
          approvalDecidedAt: null,
          approvalFeedback: null,
          approvedAt: null,
          approvedByEmail: null,
          // The version the reviewer sees is the one that will be sent.
          finalVersionNumber: versionNumber ? version : row.finalVersionNumber,
          updatedAt: now,
        })
        // Only from the state just checked: a concurrent decision or edit wins.
        .where(
          and(
            eq(campaigns.id, id),
            inArray(campaigns.approvalStatus, ['draft', 'rejected']),
            eq(campaigns.currentVersionNumber, row.currentVersionNumber),
          ),
        )
        .returning();
      if (!saved) throw new ConflictError(APPROVAL_MESSAGES.cannotSendForApproval);
      await recordAuditEvent(db, {
        actorId: actor.userId,
        action: 'campaign.approval_link_created',
        details: { campaign_id: id, version_number: version, expires_at: expiresAt.toISOString() },
        ip: actor.ip,
      });
      return {
        preview_url: `${origin}/preview/${token}`,
        version_number: version,
        expires_at: expiresAt.toISOString(),
        campaign: toCampaign(saved),
      };
    },

    /** GET /api/campaigns/preview/{token}: the approved version with sample data, or the decision. */
    async preview(token: string): Promise<ApprovalPreview> {
      const { row } = await liveLink(db, token);
      const state = row.approvalStatus;
      if (state !== 'pending' && state !== 'approved' && state !== 'rejected')
        throw new NotFoundError(APPROVAL_MESSAGES.notFound);
      const version = row.approvalVersionNumber ?? sendVersionOf(row);
      const content = await contentOf(repo, row, version);
      const values: Record<string, string> = {
        ...Object.fromEntries(CAMPAIGN_PERSONALIZATION_VARIABLES.map((v) => [v.key, v.sample])),
        ...TEMPLATE_SAMPLE_VARIABLES,
        school_name: await deps.schoolName(),
        segment_name: row.segmentName ?? '',
      };
      const html = renderTemplateReport(content.contentHtml, values, { mode: 'html' }).output;
      const subject = renderTemplateReport(content.subject, values, { mode: 'text' }).output;
      const text = content.contentText
        ? renderTemplateReport(content.contentText, values, { mode: 'text' }).output
        : campaignPlainText(html);
      const decidedAt = row.approvalDecidedAt ?? row.approvedAt ?? row.updatedAt;
      return {
        campaign: {
          name: row.name,
          subject,
          content_html: html,
          source_html: content.contentHtml,
          content_text: text,
          segment_name: row.segmentName,
          estimated_recipients: row.estimatedRecipients,
          created_at: row.createdAt.toISOString(),
          version_number: version,
        },
        status: state,
        decision:
          state === 'pending'
            ? null
            : {
                approved: state === 'approved',
                decided_at: decidedAt.toISOString(),
                message: APPROVAL_MESSAGES.alreadyDecided,
              },
        expires_at: row.approvalExpiresAt!.toISOString(),
      };
    },

    /**
     * POST /api/campaigns/preview/{token}/approve: one conditional update decides, so a link is
     * used once and two reviewers clicking at once get one decision and one 409.
     */
    async decide(
      token: string,
      input: ApprovalDecision,
      reviewer: Reviewer,
    ): Promise<ApprovalDecisionResult> {
      const { row, hash } = await liveLink(db, token);
      if (row.approvalStatus !== 'pending') throw new ConflictError(APPROVAL_MESSAGES.alreadyDecided);
      const current = await contentOf(repo, row, sendVersionOf(row)).catch(() => null);
      if (!current || contentHash(current) !== row.approvalContentHash)
        throw new ConflictError(APPROVAL_MESSAGES.contentChanged);
      const now = new Date();
      const [decided] = await db
        .update(campaigns)
        .set({
          approvalStatus: input.approved ? 'approved' : 'rejected',
          approvedByEmail: input.email,
          approvedAt: input.approved ? now : null,
          approvalFeedback: input.feedback,
          approvalDecidedAt: now,
          updatedAt: now,
        })
        .where(
          and(
            eq(campaigns.approvalTokenHash, hash),
            eq(campaigns.approvalStatus, 'pending'),
            gt(campaigns.approvalExpiresAt, now),
            // Nothing moved since the check: the content that was approved is the one sent.
            eq(campaigns.currentVersionNumber, row.currentVersionNumber),
            row.finalVersionNumber === null
              ? sql`${campaigns.finalVersionNumber} is null`
              : eq(campaigns.finalVersionNumber, row.finalVersionNumber),
          ),
        )
        .returning();
      if (!decided) throw new ConflictError(APPROVAL_MESSAGES.alreadyDecided);
      await recordAuditEvent(db, {
        actorId: null,
        action: input.approved ? 'campaign.approved' : 'campaign.rejected',
        details: {
          campaign_id: row.id,
          via: 'approval_link',
          version_number: row.approvalVersionNumber,
          reviewer_email: input.email,
          has_feedback: input.feedback !== null,
          user_agent: reviewer.userAgent?.slice(0, 500) ?? null,
        },
        ip: reviewer.ip,
      });
      await notifyCreator(deps, decided, input.approved);
      return { success: true, approved: input.approved, message: decisionMessage(input.approved) };
    },

    /** POST /api/campaigns/{id}/approve: a signed-in admin approves a draft or pending campaign. */
    async approveDirectly(
      id: string,
      feedback: string | null,
      actor: ApprovalActor,
    ): Promise<CampaignActionResult> {
      const row = await getCampaignRow(repo, id);
      if (row.approvalStatus !== 'draft' && row.approvalStatus !== 'pending')
        throw new ConflictError(APPROVAL_MESSAGES.cannotApprove);
      const version = sendVersionOf(row);
      const content = await contentOf(repo, row, version);
      const now = new Date();
      const [saved] = await db
        .update(campaigns)
        .set({
          approvalStatus: 'approved',
          approvedByEmail: actor.email,
          approvedAt: now,
          approvalFeedback: feedback,
          approvalDecidedAt: now,
          approvalVersionNumber: version,
          approvalContentHash: contentHash(content),
          updatedAt: now,
        })
        .where(
          and(
            eq(campaigns.id, id),
            eq(campaigns.approvalStatus, row.approvalStatus),
            eq(campaigns.currentVersionNumber, row.currentVersionNumber),
          ),
        )
        .returning();
      if (!saved) throw new ConflictError(APPROVAL_MESSAGES.cannotApprove);
      await recordAuditEvent(db, {
        actorId: actor.userId,
        action: 'campaign.approved',
        details: { campaign_id: id, via: 'admin', version_number: version, has_feedback: feedback !== null },
        ip: actor.ip,
      });
      return { message: APPROVAL_MESSAGES.approvedDirectly, campaign: toCampaign(saved) };
    },

    /**
     * POST /api/campaigns/{id}/publish (built-in sender): approved and ready -> published, the
     * approved content frozen on the campaign; refused when the content differs from it.
     */
    async publish(id: string, actor: ApprovalActor): Promise<CampaignActionResult> {
      const row = await getCampaignRow(repo, id);
      if (!canPublish(stateOf(row))) throw new ConflictError(APPROVAL_MESSAGES.cannotPublish);
      const content = await contentOf(repo, row, sendVersionOf(row)).catch(() => null);
      if (!content || !row.approvalContentHash || contentHash(content) !== row.approvalContentHash)
        throw new ConflictError(APPROVAL_MESSAGES.publishContentChanged);
      // The provider first: when it fails, nothing here changes.
      let providerCampaignId: string | null = row.providerCampaignId;
      if (deps.delivery) {
        try {
          ({ providerCampaignId } = await deps.delivery.publish({
            id: row.id,
            name: row.name,
            subject: content.subject,
            html: content.contentHtml,
            text: content.contentText,
            segmentId: row.segmentId ?? '',
            segmentName: row.segmentName ?? '',
            providerCampaignId: row.providerCampaignId,
          }));
        } catch (error) {
          deps.log.warn({ err: error, campaignId: id }, 'publish to the provider failed');
          throw new DeliveryFailedError(
            DELIVERY_MESSAGES.publishFailed,
            error instanceof DeliveryError ? error.message : 'The provider could not be reached.',
          );
        }
      }
      const now = new Date();
      const [saved] = await db
        .update(campaigns)
        .set({
          publishStatus: 'published',
          providerCampaignId,
          subject: content.subject,
          contentHtml: content.contentHtml,
          contentText: content.contentText,
          updatedAt: now,
        })
        .where(
          and(
            eq(campaigns.id, id),
            eq(campaigns.approvalStatus, 'approved'),
            inArray(campaigns.publishStatus, ['ready', 'unpublished']),
            eq(campaigns.approvalContentHash, row.approvalContentHash),
          ),
        )
        .returning();
      if (!saved) throw new ConflictError(APPROVAL_MESSAGES.cannotPublish);
      await recordAuditEvent(db, {
        actorId: actor.userId,
        action: 'campaign.published',
        details: {
          campaign_id: id,
          provider: deps.delivery?.name ?? 'builtin',
          version_number: sendVersionOf(row),
        },
        ip: actor.ip,
      });
      return { message: APPROVAL_MESSAGES.published, campaign: toCampaign(saved) };
    },
  };
}

export type Approval = ReturnType<typeof createApproval>;
