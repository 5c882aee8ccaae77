import type { GenerationMetadata } from '@lantern/contracts';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { adminUsers } from '../auth/auth.tables';
import { segments } from '../segments/segments.tables';
import { emailTemplates } from '../templates/templates.tables';

/** Campaigns (spec document 3, 3.8); migration 0016_campaigns.sql. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    contentHtml: text('content_html').notNull(),
    contentText: text('content_text').notNull().default(''),
    segmentId: uuid('segment_id').references(() => segments.id, { onDelete: 'set null' }),
    /** Computed at each save (and on reading one campaign): the segment's name, members, recipients. */
    segmentName: text('segment_name'),
    segmentLeads: integer('segment_leads').notNull().default(0),
    estimatedRecipients: integer('estimated_recipients').notNull().default(0),
    targetSegmentCount: integer('target_segment_count').notNull().default(1),
    approvalStatus: text('approval_status').notNull().default('draft'),
    publishStatus: text('publish_status').notNull().default('ready'),
    /** SHA-256 of the approval link's token (approval.ts issues it; a new link replaces it). */
    approvalTokenHash: text('approval_token_hash').unique(),
    approvalFeedback: text('approval_feedback'),
    approvedByEmail: text('approved_by_email'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** 0018: the version and content hash the link (or the decision) is about, its expiry, who asked, when decided. */
    approvalVersionNumber: integer('approval_version_number'),
    approvalContentHash: text('approval_content_hash'),
    approvalExpiresAt: timestamp('approval_expires_at', { withTimezone: true }),
    approvalRequestedBy: uuid('approval_requested_by').references(() => adminUsers.id, {
      onDelete: 'set null',
    }),
    /** Whom the decision is emailed to: the admin who sent it for approval, as they were then. */
    approvalNotifyEmail: text('approval_notify_email'),
    approvalRequestedAt: timestamp('approval_requested_at', { withTimezone: true }),
    approvalDecidedAt: timestamp('approval_decided_at', { withTimezone: true }),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    /** 0019 (sending): the IANA zone the schedule was chosen in; the provider's id of the campaign. */
    scheduledTimeZone: text('scheduled_time_zone'),
    providerCampaignId: text('provider_campaign_id'),
    /** The send: which provider, its state and counters (updated with each recipient's change). */
    deliveryProvider: text('delivery_provider').$type<'outbox' | 'smtp' | 'mailerlite'>(),
    deliveryStatus: text('delivery_status').$type<'preparing' | 'sending' | 'paused' | 'completed'>(),
    pausedReason: text('paused_reason'),
    sendStartedAt: timestamp('send_started_at', { withTimezone: true }),
    sendFinishedAt: timestamp('send_finished_at', { withTimezone: true }),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    recipientsTotal: integer('recipients_total').notNull().default(0),
    recipientsSent: integer('recipients_sent').notNull().default(0),
    recipientsFailed: integer('recipients_failed').notNull().default(0),
    recipientsSkipped: integer('recipients_skipped').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    finalVersionNumber: integer('final_version_number'),
    currentVersionNumber: integer('current_version_number').notNull().default(1),
    templateId: uuid('template_id').references(() => emailTemplates.id, { onDelete: 'set null' }),
    generationMetadata: jsonb('generation_metadata')
      .$type<Partial<GenerationMetadata>>()
      .notNull()
      .default({}),
    createdBy: uuid('created_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_created_idx').on(t.createdAt, t.id),
    index('campaigns_segment_idx').on(t.segmentId),
    index('campaigns_status_idx').on(t.approvalStatus, t.publishStatus),
    /** 0020 (results): the History tab, newest sent first. */
    index('campaigns_sent_idx')
      .on(t.sentAt, t.id)
      .where(sql`${t.sentAt} is not null`),
    check(
      'campaigns_approval_status_check',
      sql`${t.approvalStatus} in ('draft', 'pending', 'approved', 'rejected')`,
    ),
    check(
      'campaigns_publish_status_check',
      sql`${t.publishStatus} in ('ready', 'unpublished', 'published', 'scheduled', 'sent')`,
    ),
    index('campaigns_delivery_idx')
      .on(t.deliveryStatus)
      .where(sql`${t.deliveryStatus} in ('preparing', 'sending')`),
    check(
      'campaigns_delivery_status_check',
      sql`${t.deliveryStatus} is null or ${t.deliveryStatus} in ('preparing', 'sending', 'paused', 'completed')`,
    ),
    check(
      'campaigns_counts_check',
      sql`${t.segmentLeads} >= 0 and ${t.estimatedRecipients} >= 0 and ${t.currentVersionNumber} >= 1`,
    ),
  ],
);

/** Every saved content of a campaign: created, each manual save, each AI edit. */
export const campaignVersions = pgTable(
  'campaign_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    versionNumber: integer('version_number').notNull(),
    subject: text('subject').notNull(),
    contentHtml: text('content_html').notNull(),
    contentText: text('content_text').notNull().default(''),
    instruction: text('instruction'),
    changeSummary: text('change_summary'),
    personalizationLevel: text('personalization_level').notNull().default('medium'),
    source: text('source').$type<'created' | 'manual' | 'ai'>().notNull(),
    createdBy: uuid('created_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('campaign_versions_number_unique').on(t.campaignId, t.versionNumber),
    check(
      'campaign_versions_personalization_level_check',
      sql`${t.personalizationLevel} in ('light', 'medium', 'heavy')`,
    ),
    check('campaign_versions_source_check', sql`${t.source} in ('created', 'manual', 'ai')`),
  ],
);

/**
 * A send's recipients, fixed when it starts (0019): one per lead and one per address. Workers
 * claim pending rows with a lease (lease_owner, lease_until); a lapsed lease is claimed again.
 * lead_id has no foreign key: a lead deleted during a send is skipped and the record stays.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id').notNull(),
    /** Lowercased. */
    email: text('email').notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed' | 'skipped'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    leaseOwner: text('lease_owner'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    unique('campaign_recipients_lead_unique').on(t.campaignId, t.leadId),
    unique('campaign_recipients_email_unique').on(t.campaignId, t.email),
    index('campaign_recipients_claim_idx')
      .on(t.campaignId, t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('campaign_recipients_lead_idx').on(t.leadId),
    check('campaign_recipients_status_check', sql`${t.status} in ('pending', 'sent', 'failed', 'skipped')`),
  ],
);

/** Voice settings (3.9): at most one default (a partial unique index). */
export const voiceSettings = pgTable(
  'voice_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    description: text('description'),
    tone: text('tone').notNull(),
    perspective: text('perspective').notNull(),
    style: text('style').notNull(),
    avoidTerms: jsonb('avoid_terms').$type<string[]>().notNull().default([]),
    includeElements: jsonb('include_elements').$type<string[]>().notNull().default([]),
    preferredLength: text('preferred_length').notNull().default('300-500'),
    ctaStyle: text('cta_style').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('voice_settings_one_default')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignInsert = typeof campaigns.$inferInsert;
export type CampaignVersionRow = typeof campaignVersions.$inferSelect;
export type VoiceSettingRow = typeof voiceSettings.$inferSelect;
export type CampaignRecipientRow = typeof campaignRecipients.$inferSelect;
