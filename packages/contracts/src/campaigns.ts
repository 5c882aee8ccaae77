import { z } from 'zod';
import { campaignDeliverySchema } from './campaign-delivery';
import { CAMPAIGN_APPROVAL_STATUSES, CAMPAIGN_PUBLISH_STATUSES } from './campaign-rules';
import { TEMPLATE_CATEGORIES, TEMPLATE_PERSONALIZATION_LEVELS } from './templates';

/**
 * Campaigns (spec document 3: 2.6 screen, 2.7 editor, 3.8 record, 4.5 rules in campaign-rules.ts,
 * 5.5 and 5.6 validation, 7.4 calls, 8.6 messages, 9 constants). Voice settings are voice.ts's
 * neighbours below (3.9, 4.6, 5.7, 7.5, 8.7). Every call here is under /api and needs a session.
 * The approval, publish, schedule and send calls belong to the campaign results issue.
 */

// ---- constants (9) ----

export const CAMPAIGN_NAME_MAX = 200;
/** Subject max 200 characters (5.5, 9). */
export const CAMPAIGN_SUBJECT_MAX = 200;
/** A campaign's HTML: Gmail clips over 102 KB, but drafts may be longer while edited. */
export const CAMPAIGN_HTML_MAX_CHARS = 500_000;
export const CAMPAIGN_PROMPT_MAX = 4000;
export const CAMPAIGN_THEME_MAX = 200;
export const CAMPAIGN_INSTRUCTION_MAX = 2000;
/** How many segments one generate or compatibility call may name. */
export const CAMPAIGN_MAX_SEGMENTS = 50;
/** Request bodies of the campaign calls. */
export const CAMPAIGN_BODY_MAX_BYTES = 2 * 1024 * 1024;

export const CAMPAIGN_PERSONALIZATION_LEVELS = TEMPLATE_PERSONALIZATION_LEVELS;
export type CampaignPersonalizationLevel = (typeof CAMPAIGN_PERSONALIZATION_LEVELS)[number];
export const CAMPAIGN_DEFAULT_PERSONALIZATION: CampaignPersonalizationLevel = 'medium';

export const CAMPAIGN_MODES = ['single', 'individual'] as const;
export type CampaignMode = (typeof CAMPAIGN_MODES)[number];

/** The variables the editor lists (2.7). */
export const CAMPAIGN_EDITOR_VARIABLES = [
  'parent_name',
  'child_name',
  'child_age',
  'timeline',
  'special_needs',
] as const;

/** The personalization tokens (3.10) with what each reads and its sample value. */
export const CAMPAIGN_PERSONALIZATION_VARIABLES = [
  {
    key: 'parent_name',
    label: 'Parent name',
    description: "The parent's full name",
    sample: 'Sarah Johnson',
  },
  { key: 'child_name', label: 'Child name', description: "The first child's name", sample: 'Emma' },
  { key: 'child_age', label: 'Child age', description: "The first child's age", sample: '8' },
  {
    key: 'timeline',
    label: 'Timeline',
    description: 'When the family hopes to start',
    sample: 'Next semester',
  },
  {
    key: 'special_needs',
    label: 'Special needs',
    description: "The children's needs, as the family told us (heavy personalization only)",
    sample: 'ADHD',
  },
  { key: 'school_name', label: 'School name', description: "The school's name", sample: 'Lantern Academy' },
  {
    key: 'segment_name',
    label: 'Segment name',
    description: "The campaign's segment",
    sample: 'Prospective families',
  },
] as const;
export type CampaignPersonalizationVariable = (typeof CAMPAIGN_PERSONALIZATION_VARIABLES)[number]['key'];

/** The lead fields a personalization token needs filled (data quality). */
export const CAMPAIGN_LEAD_FIELD_VARIABLES = [
  'parent_name',
  'name',
  'first_name',
  'child_name',
  'child_age',
  'timeline',
  'special_needs',
] as const;

/** Which tokens each personalization level may use (5.8: light names, medium and age, heavy and needs). */
export const CAMPAIGN_LEVEL_VARIABLES: Record<CampaignPersonalizationLevel, readonly string[]> = {
  light: ['parent_name', 'child_name', 'school_name', 'segment_name'],
  medium: ['parent_name', 'child_name', 'child_age', 'timeline', 'school_name', 'segment_name'],
  heavy: [
    'parent_name',
    'child_name',
    'child_age',
    'timeline',
    'special_needs',
    'school_name',
    'segment_name',
  ],
};

/** Data quality colours (9): 80+ green, 60+ yellow, below red. */
export const DATA_QUALITY_GREEN_MIN = 80;
export const DATA_QUALITY_YELLOW_MIN = 60;
export function dataQualityColor(score: number): 'green' | 'yellow' | 'red' {
  if (score >= DATA_QUALITY_GREEN_MIN) return 'green';
  if (score >= DATA_QUALITY_YELLOW_MIN) return 'yellow';
  return 'red';
}

/** Six quick prompt suggestions for the AI Content Generator (9). */
export const CAMPAIGN_QUICK_PROMPTS = [
  'Welcome new families and explain the next steps of admissions',
  'Invite families to our upcoming open house and campus tour',
  'Share practical tips for supporting your child at home',
  'Introduce our learning support and therapy services',
  'Remind families of the application deadline and what to prepare',
  'Share a success story from our school community',
] as const;

// ---- messages (2.6, 2.7, 5.5, 5.6, 8.6) ----

export const CAMPAIGN_MESSAGES = {
  loadFailed: 'Failed to load campaigns',
  segmentsLoadFailed: 'Failed to load segments',
  scheduleFailed: 'Failed to schedule campaign',
  publishFailed: 'Failed to publish to the provider',
  sendFailed: 'Failed to send campaign',
  approvalLinkFailed: 'Failed to create approval link',
  noPreviewUrl: 'No preview URL received from server',
  cancelScheduleFailed: 'Failed to cancel schedule',
  deleteFailed: 'Failed to delete campaign',
  setFinalVersionFailed: 'Failed to set final version',
  subjectUpdateFailed: 'Failed to update subject line',
  saveChangesFailed: 'Failed to save changes',
  generateFailed: 'Failed to generate content',
  aiEditFailed: "Sorry, I couldn't process that edit, try again or contact support.",
  saveFailed: 'Failed to save campaign',
  // 5.5 and 5.6
  nameRequired: 'Campaign name is required',
  subjectRequired: 'Subject line is required',
  subjectEmpty: 'Subject line cannot be empty',
  subjectTooLong: `Subject line is at most ${CAMPAIGN_SUBJECT_MAX} characters`,
  nameTooLong: `Campaign name is at most ${CAMPAIGN_NAME_MAX} characters`,
  contentRequired: 'Campaign content is required',
  contentTooLong: 'Campaign content is too large',
  segmentRequired: 'Please select at least one segment',
  exactlyOneSegment: 'When editing a campaign, please select exactly one segment',
  promptRequired: 'Please provide a content prompt',
  templateRequired: 'Please choose a template',
  instructionRequired: 'Please describe the change you want',
  // 2.7 and the editor's notices
  cannotEdit: 'Cannot Edit Campaign',
  close: 'Close',
  notFound: 'Campaign not found',
  versionNotFound: 'Version not found',
  segmentNotFound: 'Segment not found',
  templateNotFound: 'Template not found',
  aiNotConfigured: 'AI provider not configured',
  useManualEditor: 'AI editing needs an AI provider. You can still edit the HTML by hand.',
  offlineDraftNote:
    'Offline draft: written from your template, voice setting, segment and knowledge base without an AI provider. Review and edit it before sending.',
  fullDocumentNote: 'This is a full HTML document: the preview shows its body only.',
  schedulePlaceholder:
    'The campaign schedule arrives with campaign sending. Scheduled campaigns will show here.',
  historyPlaceholder: 'Campaign history arrives with campaign sending. Sent campaigns will show here.',
  noCampaigns: 'No campaigns yet',
  generateWithAi: 'Generate with AI',
  createManually: 'Create Manually',
  deleteConfirm: 'Are you sure you want to delete this campaign? This action cannot be undone.',
} as const;

/** 2.7 footer text. */
export function campaignFooterText(o: { editing: boolean; campaigns: number; recipients: number }): string {
  if (o.editing) return `Will be sent to ${o.recipients} recipients`;
  if (o.campaigns <= 1) return `Will create 1 campaign for ${o.recipients} recipients`;
  return `Will create ${o.campaigns} campaigns for ${o.recipients} total recipients`;
}

/** 2.7 save button: Create Campaign, Create K Campaigns, Update Campaign, Creating..., Updating.... */
export function campaignSubmitLabel(o: { editing: boolean; campaigns: number; saving: boolean }): string {
  if (o.editing) return o.saving ? 'Updating...' : 'Update Campaign';
  if (o.saving) return 'Creating...';
  return o.campaigns > 1 ? `Create ${o.campaigns} Campaigns` : 'Create Campaign';
}

/** 7.4: with several segments each campaign's name gets the suffix ' - {segment name}'. */
export const campaignNameForSegment = (name: string, segmentName: string, segmentCount: number) =>
  segmentCount > 1 ? `${name} - ${segmentName}` : name;

/** 2.7: one campaign per segment will be created. */
export const campaignPerSegmentNote = (count: number) =>
  `One campaign per segment will be created (${count} campaigns).`;

// ---- data quality (generation_metadata.data_validation) ----

export const CAMPAIGN_EXCLUSION_REASONS = [
  'unsubscribed',
  'bounced',
  'complained',
  'never_contact',
  'no_email',
] as const;
export type CampaignExclusionReason = (typeof CAMPAIGN_EXCLUSION_REASONS)[number];
export const CAMPAIGN_EXCLUSION_LABELS: Record<CampaignExclusionReason, string> = {
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
  complained: 'Marked as spam',
  never_contact: 'In a do-not-contact segment',
  no_email: 'No email address',
};

export const dataValidationSchema = z.object({
  /** How well the sendable leads' data fills what the content personalises, 0-100. */
  quality_score: z.number().int().min(0).max(100),
  quality_color: z.enum(['green', 'yellow', 'red']),
  /** Members of the segment. */
  segment_leads: z.number().int(),
  /** Members who may be emailed, one per email address. */
  sendable_leads: z.number().int(),
  /** Members who will not be emailed (excluded or a repeated address). */
  excluded_leads: z.number().int(),
  /** Why: each reason with its count (a lead counts under its first reason, in this order). */
  exclusions: z.array(
    z.object({ reason: z.enum(CAMPAIGN_EXCLUSION_REASONS), label: z.string(), count: z.number().int() }),
  ),
  /** Sendable members whose address another member already has: one email, not two. */
  duplicate_emails: z.number().int(),
  /** The lead fields the content personalises with and how many sendable leads have each. */
  fields: z.array(z.object({ field: z.string(), filled: z.number().int(), fill_rate: z.number() })),
  /** Plain-language notes (e.g. '120 leads have no child name: the greeting falls back'). */
  warnings: z.array(z.string()),
  checked_at: z.string(),
});
export type DataValidation = z.infer<typeof dataValidationSchema>;

export const GENERATION_FLAG_KINDS = [
  'avoid_term',
  'unsupported_fact',
  'placeholder_restored',
  'placeholder_dropped',
  'html_removed',
  'needs_value',
  'offline',
] as const;
export const generationFlagSchema = z.object({ kind: z.enum(GENERATION_FLAG_KINDS), message: z.string() });
export type GenerationFlag = z.infer<typeof generationFlagSchema>;

export const generationMetadataSchema = z.object({
  personalization_level: z.enum(CAMPAIGN_PERSONALIZATION_LEVELS),
  data_validation: dataValidationSchema.nullable(),
  /** 'ai' (the model wrote it), 'offline' (assembled without a provider) or 'manual'. */
  generated_by: z.enum(['ai', 'offline', 'manual']),
  model: z.string().nullable().optional(),
  prompt: z.string().nullable().optional(),
  theme: z.string().nullable().optional(),
  voice_setting: z.string().nullable().optional(),
  /** The voice's avoid terms, checked again after every AI edit. */
  avoid_terms: z.array(z.string()).optional(),
  template_id: z.string().nullable().optional(),
  knowledge_passages: z.array(z.object({ document: z.string(), excerpt: z.string() })).optional(),
  resources: z.array(z.object({ id: z.string(), title: z.string(), url: z.string() })).optional(),
  flags: z.array(generationFlagSchema).optional(),
  generated_at: z.string().nullable().optional(),
});
export type GenerationMetadata = z.infer<typeof generationMetadataSchema>;

// ---- the record (3.8) ----

export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  content_html: z.string(),
  content_text: z.string(),
  segment_id: z.string().nullable(),
  segment_name: z.string().nullable(),
  /** Computed: the segment's members (at the last check). */
  segment_leads: z.number().int(),
  /** Computed: the segment's sendable leads, one per email address (at the last check). */
  estimated_recipients: z.number().int(),
  target_segment_count: z.number().int(),
  approval_status: z.enum(CAMPAIGN_APPROVAL_STATUSES),
  publish_status: z.enum(CAMPAIGN_PUBLISH_STATUSES),
  /** Whether an approval link exists; the token itself is stored hashed and never shown again. */
  has_approval_link: z.boolean(),
  approval_feedback: z.string().nullable(),
  approved_by_email: z.string().nullable(),
  approved_at: z.string().nullable(),
  /** The version the current approval link (or decision) is about, and when that link expires. */
  approval_version_number: z.number().int().nullable().optional(),
  approval_expires_at: z.string().nullable().optional(),
  scheduled_for: z.string().nullable(),
  /** The IANA time zone the schedule was chosen in (scheduled_for is the instant). */
  scheduled_time_zone: z.string().nullable(),
  /** The send's progress: null until a send starts. */
  delivery: campaignDeliverySchema.nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  final_version_number: z.number().int().nullable(),
  /** The number of the newest version (1 once created). */
  current_version_number: z.number().int(),
  template_id: z.string().nullable(),
  generation_metadata: generationMetadataSchema,
  /** Derived by campaign-rules.ts: the badge and what may be done now. */
  badge: z.string(),
  actions: z.array(z.string()),
});
export type Campaign = z.infer<typeof campaignSchema>;
/**
 * A row of the campaign table: everything but the content, and of generation_metadata what the
 * table shows (GET /api/campaigns/{id} has the rest).
 */
export const campaignSummarySchema = campaignSchema.omit({ content_html: true, content_text: true }).extend({
  generation_metadata: z.object({
    personalization_level: z.enum(CAMPAIGN_PERSONALIZATION_LEVELS),
    generated_by: z.enum(['ai', 'offline', 'manual']),
    data_validation: dataValidationSchema
      .pick({
        quality_score: true,
        quality_color: true,
        segment_leads: true,
        sendable_leads: true,
        excluded_leads: true,
      })
      .nullable(),
  }),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

/** GET /api/campaigns?status&approval_status */
export const campaignListQuerySchema = z.strictObject({
  status: z.enum(['all', ...CAMPAIGN_PUBLISH_STATUSES]).optional(),
  approval_status: z.enum(['all', ...CAMPAIGN_APPROVAL_STATUSES]).optional(),
});
export type CampaignListQuery = z.input<typeof campaignListQuerySchema>;
export const campaignListSchema = z.object({
  campaigns: z.array(campaignSummarySchema),
  total: z.number().int(),
});
export type CampaignList = z.infer<typeof campaignListSchema>;
/** GET /api/campaigns/{id}, PUT /api/campaigns/{id} */
export const campaignResponseSchema = z.object({ campaign: campaignSchema });

const nameField = z
  .string()
  .trim()
  .min(1, CAMPAIGN_MESSAGES.nameRequired)
  .max(CAMPAIGN_NAME_MAX, CAMPAIGN_MESSAGES.nameTooLong);
const contentField = z
  .string()
  .max(CAMPAIGN_HTML_MAX_CHARS, CAMPAIGN_MESSAGES.contentTooLong)
  .refine((s) => s.trim().length > 0, CAMPAIGN_MESSAGES.contentRequired);
const textField = z.string().max(CAMPAIGN_HTML_MAX_CHARS, CAMPAIGN_MESSAGES.contentTooLong);
const uuidOf = (message: string) => z.uuid(message);

/** POST /api/campaigns (one call per chosen segment): response { id, campaign }. */
export const campaignCreateSchema = z.strictObject({
  name: nameField,
  subject: z
    .string()
    .trim()
    .min(1, CAMPAIGN_MESSAGES.subjectRequired)
    .max(CAMPAIGN_SUBJECT_MAX, CAMPAIGN_MESSAGES.subjectTooLong),
  content_html: contentField,
  /** Derived from the HTML when empty or missing. */
  content_text: textField.nullish(),
  segment_id: uuidOf(CAMPAIGN_MESSAGES.segmentRequired),
  template_id: z.uuid().nullish(),
  /** What generate-content said about the draft (its data validation is recomputed). */
  generation_metadata: generationMetadataSchema.partial().nullish(),
});
export type CampaignCreateInput = z.input<typeof campaignCreateSchema>;
export type CampaignCreate = z.output<typeof campaignCreateSchema>;
export const campaignCreatedSchema = z.object({ id: z.string(), campaign: campaignSchema });

/**
 * PUT /api/campaigns/{id}: the subject alone, the content alone, or the full form plus segment_id.
 * A rejected campaign is reset to draft by the server (the reset fields may be sent; only the
 * reset itself is accepted).
 */
export const campaignUpdateSchema = z
  .strictObject({
    name: nameField,
    subject: z
      .string()
      .trim()
      .min(1, CAMPAIGN_MESSAGES.subjectEmpty)
      .max(CAMPAIGN_SUBJECT_MAX, CAMPAIGN_MESSAGES.subjectTooLong),
    content_html: contentField,
    content_text: textField.nullable(),
    segment_id: uuidOf(CAMPAIGN_MESSAGES.segmentRequired),
    /** The editor's selection: exactly one when editing. */
    segment_ids: z.array(z.uuid()).max(CAMPAIGN_MAX_SEGMENTS),
    template_id: z.uuid().nullable(),
    approval_status: z.enum(CAMPAIGN_APPROVAL_STATUSES),
    approval_feedback: z.null(),
    approved_at: z.null(),
    approved_by_email: z.null(),
    approval_token: z.null(),
  })
  .partial()
  .refine((b) => b.segment_ids === undefined || b.segment_ids.length === 1, {
    message: CAMPAIGN_MESSAGES.exactlyOneSegment,
    path: ['segment_ids'],
  });
export type CampaignUpdateInput = z.input<typeof campaignUpdateSchema>;
export type CampaignUpdate = z.output<typeof campaignUpdateSchema>;

// ---- audiences (2.7 segment cards, compatibility) ----

/** A segment as offered in campaign screens (3.10): active_leads = its sendable leads. */
export const campaignSegmentOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  active_leads: z.number().int(),
  is_active: z.boolean(),
  never_contact: z.boolean(),
});
export type CampaignSegmentOption = z.infer<typeof campaignSegmentOptionSchema>;
/** GET /api/campaigns/segment-options: the editor's segment cards (only active_leads > 0 may be chosen). */
export const campaignSegmentOptionsSchema = z.object({ segments: z.array(campaignSegmentOptionSchema) });

/** GET /api/campaigns/{id}/segments */
export const campaignSegmentsSchema = z.object({
  segments: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const segmentIdsSchema = z
  .array(z.uuid('Segment ids must be ids'))
  .min(1, CAMPAIGN_MESSAGES.segmentRequired)
  .max(CAMPAIGN_MAX_SEGMENTS, `At most ${CAMPAIGN_MAX_SEGMENTS} segments`);

/** POST /api/campaigns/check-segment-compatibility */
export const compatibilityRequestSchema = z.strictObject({ segment_ids: segmentIdsSchema });
export type CompatibilityRequest = z.input<typeof compatibilityRequestSchema>;

export const COMPATIBILITY_CONFLICT_KINDS = [
  'never_contact',
  'inactive',
  'overlap',
  'different_audiences',
  'no_recipients',
] as const;
export const compatibilityConflictSchema = z.object({
  type: z.enum(COMPATIBILITY_CONFLICT_KINDS),
  severity: z.enum(['warning', 'risky']),
  message: z.string(),
  segment_ids: z.array(z.string()),
});
export type CompatibilityConflict = z.infer<typeof compatibilityConflictSchema>;
export const compatibilitySchema = z.object({
  compatible: z.boolean(),
  safetyLevel: z.enum(['safe', 'warning', 'risky']),
  recommendation: z.string(),
  conflicts: z.array(compatibilityConflictSchema),
  /** The banner's total: sendable leads across the segments, one per email address. */
  total_recipients: z.number().int(),
  /** Recipients the segments share (each gets one email). */
  overlapping_recipients: z.number().int(),
  segments: z.array(campaignSegmentOptionSchema),
});
export type Compatibility = z.infer<typeof compatibilitySchema>;

// ---- drafts (generate-content, templates) ----

/** The voice fields a draft is written with (a saved setting's or the form's). */
export const draftVoiceSchema = z.object({
  name: z.string().max(200).optional(),
  tone: z.string().max(500),
  perspective: z.string().max(500),
  style: z.string().max(500),
  avoid_terms: z.array(z.string().max(200)).max(100).default([]),
  include_elements: z.array(z.string().max(200)).max(100).default([]),
  preferred_length: z.string().max(40),
  cta_style: z.string().max(500),
});
export type DraftVoice = z.output<typeof draftVoiceSchema>;

/** POST /api/campaigns/generate-content */
export const generateContentSchema = z
  .strictObject({
    segment_ids: segmentIdsSchema,
    prompt: z.string().trim().min(1, CAMPAIGN_MESSAGES.promptRequired).max(CAMPAIGN_PROMPT_MAX),
    theme: z.string().trim().max(CAMPAIGN_THEME_MAX).nullish(),
    /** A voice setting's id, or its fields; none: the default voice setting. */
    voice_settings: z.union([z.uuid(), draftVoiceSchema]).nullish(),
    include_resources: z.boolean().default(false),
    use_knowledge_base: z.boolean().default(false),
    campaign_mode: z.enum(CAMPAIGN_MODES).default('individual'),
    template_id: z.uuid().nullish(),
    use_template: z.boolean().default(false),
    personalization_level: z.enum(CAMPAIGN_PERSONALIZATION_LEVELS).default(CAMPAIGN_DEFAULT_PERSONALIZATION),
  })
  .refine((b) => !b.use_template || !!b.template_id, {
    message: CAMPAIGN_MESSAGES.templateRequired,
    path: ['template_id'],
  });
export type GenerateContentInput = z.input<typeof generateContentSchema>;
export type GenerateContent = z.output<typeof generateContentSchema>;

export const generatedDraftSchema = z.object({
  /** The draft's segment (individual mode); null for one shared draft (single mode). */
  segment_id: z.string().nullable(),
  segment_ids: z.array(z.string()),
  segment_name: z.string().nullable(),
  /** A suggested campaign name. */
  name: z.string(),
  subject: z.string(),
  content_html: z.string(),
  content_text: z.string(),
  /** The placeholders the draft uses. */
  variables: z.array(z.string()),
  estimated_recipients: z.number().int(),
  generation_metadata: generationMetadataSchema,
});
export type GeneratedDraft = z.infer<typeof generatedDraftSchema>;
export const generateContentResultSchema = z.object({
  results: z.array(generatedDraftSchema),
  campaign_mode: z.enum(CAMPAIGN_MODES),
  /** 'ai' when a model wrote the drafts, 'offline' otherwise. */
  mode: z.enum(['ai', 'offline']),
  quick_prompts: z.array(z.string()),
});
export type GenerateContentResult = z.infer<typeof generateContentResultSchema>;

/** GET /api/campaigns/available-templates?category */
export const availableTemplatesQuerySchema = z.strictObject({
  category: z.enum(['all', ...TEMPLATE_CATEGORIES]).optional(),
});
export const availableTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.enum(TEMPLATE_CATEGORIES),
  subject_template: z.string(),
  variables: z.array(z.string()),
  personalization_level: z.enum(CAMPAIGN_PERSONALIZATION_LEVELS),
  usage_count: z.number().int(),
});
export type AvailableTemplate = z.infer<typeof availableTemplateSchema>;
export const availableTemplatesSchema = z.object({ templates: z.array(availableTemplateSchema) });

/** POST /api/campaigns/test-template-generation: the template filled with sample data. */
export const testTemplateGenerationSchema = z.strictObject({
  template_id: z.uuid(CAMPAIGN_MESSAGES.templateRequired),
});
export const testTemplateGenerationResultSchema = z.object({
  subject: z.string(),
  html_content: z.string(),
  text_content: z.string(),
  variables: z.array(z.string()),
  missing: z.array(z.string()),
});

/** GET /api/campaigns/personalization-variables */
export const personalizationVariablesSchema = z.object({
  variables: z.array(
    z.object({ key: z.string(), label: z.string(), description: z.string(), sample: z.string() }),
  ),
  levels: z.array(
    z.object({ level: z.enum(CAMPAIGN_PERSONALIZATION_LEVELS), variables: z.array(z.string()) }),
  ),
  syntax: z.array(z.string()),
});

// ---- AI edits and versions ----

/** POST /api/campaigns/{id}/edit-with-ai: returns content_html and change_summary (a new version). */
export const editWithAiSchema = z.strictObject({
  instruction: z.string().trim().min(1, CAMPAIGN_MESSAGES.instructionRequired).max(CAMPAIGN_INSTRUCTION_MAX),
  personalization_level: z.enum(CAMPAIGN_PERSONALIZATION_LEVELS).default(CAMPAIGN_DEFAULT_PERSONALIZATION),
});
export type EditWithAiInput = z.input<typeof editWithAiSchema>;

export const campaignVersionSchema = z.object({
  id: z.string(),
  version_number: z.number().int(),
  instruction: z.string().nullable(),
  change_summary: z.string().nullable(),
  personalization_level: z.enum(CAMPAIGN_PERSONALIZATION_LEVELS),
  /** 'created', 'manual' (a saved edit) or 'ai' (an AI edit). */
  source: z.enum(['created', 'manual', 'ai']),
  subject: z.string(),
  created_at: z.string(),
});
export type CampaignVersion = z.infer<typeof campaignVersionSchema>;

export const editWithAiResultSchema = z.object({
  content_html: z.string(),
  change_summary: z.string(),
  version_number: z.number().int(),
  flags: z.array(generationFlagSchema),
  campaign: campaignSchema,
});
export type EditWithAiResult = z.infer<typeof editWithAiResultSchema>;

/** GET /api/campaigns/{id}/edit-history: newest first. */
export const editHistorySchema = z.object({
  history: z.array(campaignVersionSchema),
  final_version_number: z.number().int().nullable(),
  current_version_number: z.number().int(),
});
export type EditHistory = z.infer<typeof editHistorySchema>;

/** GET /api/campaigns/{id}/versions/{version} */
export const campaignVersionContentSchema = campaignVersionSchema.extend({
  content_html: z.string(),
  content_text: z.string(),
});
export type CampaignVersionContent = z.infer<typeof campaignVersionContentSchema>;

/** POST /api/campaigns/{id}/set-final-version { version_number, null for current } */
export const setFinalVersionSchema = z.strictObject({
  version_number: z.number().int().min(1, CAMPAIGN_MESSAGES.versionNotFound).nullable(),
});
export const setFinalVersionResultSchema = z.object({
  success: z.literal(true),
  final_version_number: z.number().int().nullable(),
});

/** GET /api/campaigns/{id}/stats: zeros until the campaign is sent (rates as fractions). */
export const campaignStatsSchema = z.object({
  stats: z.object({
    sent: z.number().int(),
    opens: z.number().int(),
    clicks: z.number().int(),
    bounced: z.number().int(),
    unsubscribed: z.number().int(),
    open_rate: z.number(),
    click_rate: z.number(),
  }),
});
export type CampaignStats = z.infer<typeof campaignStatsSchema>['stats'];

// ---- voice settings (2.8, 3.9, 4.6, 5.7, 7.5, 8.7, 9) ----

/** Preferred length options in words (9); 300-500 by default. */
export const VOICE_PREFERRED_LENGTHS = ['150-250', '250-400', '300-500', '400-600', '500-800'] as const;
export const VOICE_DEFAULT_PREFERRED_LENGTH = '300-500';
export const voiceLengthLabel = (length: string) => `${length} words`;
/** Cards show 3 include elements then a count. */
export const VOICE_CARD_ELEMENTS = 3;
export const voiceMoreElements = (count: number) => `+${count} more`;
export const VOICE_NAME_MAX = 120;
export const VOICE_FIELD_MAX = 500;
export const VOICE_TERM_MAX = 200;
export const VOICE_MAX_TERMS = 50;

export type VoiceFields = {
  name: string;
  description: string | null;
  tone: string;
  perspective: string;
  style: string;
  avoid_terms: string[];
  include_elements: string[];
  preferred_length: string;
  cta_style: string;
};

/** The built-in default voice (9): also what a failed default load falls back to (8.7). */
export const DEFAULT_VOICE_SETTING: VoiceFields = {
  name: 'Default Voice',
  description: 'Warm and supportive, for families exploring the school',
  tone: 'warm, supportive, professional',
  perspective: 'understanding parent community',
  style: 'conversational but authoritative',
  avoid_terms: ['medical advice', 'overwhelming jargon', 'guarantees'],
  include_elements: ['practical tips', 'community support', 'next steps'],
  preferred_length: VOICE_DEFAULT_PREFERRED_LENGTH,
  cta_style: 'gentle encouragement',
};

/** The three presets (9): professional, empathetic, urgent. */
export const VOICE_PRESETS = {
  professional: {
    name: 'Professional',
    description: 'Clear, polished and informative',
    tone: 'professional, confident, courteous',
    perspective: 'experienced education team',
    style: 'clear and concise',
    avoid_terms: ['slang', 'overwhelming jargon', 'guarantees'],
    include_elements: ['key facts', 'next steps', 'contact details'],
    preferred_length: '250-400',
    cta_style: 'clear invitation',
  },
  empathetic: {
    name: 'Empathetic',
    description: 'Gentle and reassuring, for families facing hard choices',
    tone: 'empathetic, gentle, reassuring',
    perspective: 'fellow parents who understand',
    style: 'personal and caring',
    avoid_terms: ['medical advice', 'labels', 'guarantees'],
    include_elements: ['shared experiences', 'practical tips', 'community support'],
    preferred_length: '300-500',
    cta_style: 'gentle encouragement',
  },
  urgent: {
    name: 'Urgent',
    description: 'Timely and direct, for deadlines and limited places',
    tone: 'direct, energetic, helpful',
    perspective: 'admissions team with a deadline',
    style: 'brief and action-oriented',
    avoid_terms: ['pressure tactics', 'guarantees', 'overwhelming jargon'],
    include_elements: ['deadline', 'what to prepare', 'next steps'],
    preferred_length: '150-250',
    cta_style: 'clear call to act now',
  },
} as const satisfies Record<string, VoiceFields>;
export type VoicePreset = keyof typeof VOICE_PRESETS;

export const VOICE_MESSAGES = {
  fetchFailed: 'Failed to fetch voice settings',
  loadFailed: 'Failed to load voice settings',
  saveFailed: 'Failed to save voice setting',
  cloneFailed: 'Failed to clone voice setting',
  setDefaultFailed: 'Failed to set default voice setting',
  deleteFailed: 'Failed to delete voice setting',
  nameRequired: 'Name is required',
  toneRequired: 'Tone is required',
  perspectiveRequired: 'Perspective is required',
  styleRequired: 'Style is required',
  lengthRequired: 'Preferred length is required',
  ctaRequired: 'CTA style is required',
  avoidTermsList: 'Avoid terms must be a list',
  includeElementsList: 'Include elements must be a list',
  lengthInvalid: 'Preferred length must be one of the options',
  notFound: 'Voice setting not found',
  cannotDeleteDefault: 'The default voice setting cannot be deleted. Set another one as default first.',
  nameTaken: 'A voice setting with this name already exists',
} as const;

export const voiceCloneName = (name: string) => `${name} (Copy)`;

/** Avoid terms and include elements as saved: trimmed, blanks dropped, duplicates (any case) ignored. */
export function normalizeVoiceTerms(terms: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of terms) {
    const term = raw.trim();
    const key = term.toLowerCase();
    if (!term || seen.has(key)) continue;
    seen.add(key);
    out.push(term);
  }
  return out;
}

const required = (message: string, max = VOICE_FIELD_MAX) =>
  z
    .string(message)
    .trim()
    .min(1, message)
    .max(max, `${message.replace(' is required', '')} is at most ${max} characters`);
const termList = (message: string) =>
  z
    .array(z.string(message).max(VOICE_TERM_MAX), message)
    .max(VOICE_MAX_TERMS * 4)
    .transform(normalizeVoiceTerms)
    .refine((terms) => terms.length <= VOICE_MAX_TERMS, `At most ${VOICE_MAX_TERMS} terms`);

const voiceFields = {
  name: required(VOICE_MESSAGES.nameRequired, VOICE_NAME_MAX),
  description: z.string().trim().max(1000).nullish(),
  tone: required(VOICE_MESSAGES.toneRequired),
  perspective: required(VOICE_MESSAGES.perspectiveRequired),
  style: required(VOICE_MESSAGES.styleRequired),
  avoid_terms: termList(VOICE_MESSAGES.avoidTermsList),
  include_elements: termList(VOICE_MESSAGES.includeElementsList),
  preferred_length: z
    .string(VOICE_MESSAGES.lengthRequired)
    .trim()
    .min(1, { message: VOICE_MESSAGES.lengthRequired, abort: true })
    .refine((v) => (VOICE_PREFERRED_LENGTHS as readonly string[]).includes(v), VOICE_MESSAGES.lengthInvalid),
  cta_style: required(VOICE_MESSAGES.ctaRequired),
};

/** POST /api/voice-settings (is_default: make it the one default). */
export const voiceSettingCreateSchema = z.strictObject({
  ...voiceFields,
  avoid_terms: voiceFields.avoid_terms.default([]),
  include_elements: voiceFields.include_elements.default([]),
  is_default: z.boolean().default(false),
});
export type VoiceSettingCreateInput = z.input<typeof voiceSettingCreateSchema>;
export type VoiceSettingCreate = z.output<typeof voiceSettingCreateSchema>;
/** PUT /api/voice-settings/{id}: any of the fields (is_default true only; unset it by setting another). */
export const voiceSettingUpdateSchema = z
  .strictObject({ ...voiceFields, is_default: z.literal(true) })
  .partial();
export type VoiceSettingUpdateInput = z.input<typeof voiceSettingUpdateSchema>;
export type VoiceSettingUpdate = z.output<typeof voiceSettingUpdateSchema>;

export const voiceSettingSchema = z.object({
  /** 'builtin' for the built-in default served when none is stored. */
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  tone: z.string(),
  perspective: z.string(),
  style: z.string(),
  avoid_terms: z.array(z.string()),
  include_elements: z.array(z.string()),
  preferred_length: z.string(),
  cta_style: z.string(),
  is_default: z.boolean(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type VoiceSetting = z.infer<typeof voiceSettingSchema>;
/** GET /api/voice-settings: the default first, then by name. */
export const voiceSettingListSchema = z.object({ voice_settings: z.array(voiceSettingSchema) });
/** GET /api/voice-settings/{id}, GET /api/voice-settings/default, POST, PUT, set-default. */
export const voiceSettingResponseSchema = z.object({ voice_setting: voiceSettingSchema });

export const BUILTIN_VOICE_ID = 'builtin';
/** What a client shows when the default cannot be loaded (8.7). */
export const builtinDefaultVoice = (): VoiceSetting => ({
  id: BUILTIN_VOICE_ID,
  ...DEFAULT_VOICE_SETTING,
  avoid_terms: [...DEFAULT_VOICE_SETTING.avoid_terms],
  include_elements: [...DEFAULT_VOICE_SETTING.include_elements],
  is_default: true,
  created_at: null,
  updated_at: null,
});

// ---- approval (2.10, 4.5, 7.4, 8.6, 8.8; the campaign results issue, first slice) ----

/** Days an approval link lives unless APPROVAL_LINK_DAYS says otherwise. */
export const APPROVAL_LINK_DEFAULT_DAYS = 14;
export const APPROVAL_FEEDBACK_MAX = 5000;
export const APPROVAL_EMAIL_MAX = 254;
/** An approval token: 32 random bytes in base64url, 43 characters. */
export const APPROVAL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The public approval page's words (2.10, 8.8) and the server's answers. */
export const APPROVAL_MESSAGES = {
  loading: 'Loading campaign preview...',
  notFound: 'Preview Not Found',
  notFoundNote: 'This preview link may have expired or been removed.',
  loadFailed: 'Failed to load preview',
  decisionFailed: 'Failed to process approval',
  campaignDetails: 'Campaign Details',
  pendingBadge: 'Pending Approval',
  families: (count: number) => `${count} ${count === 1 ? 'family' : 'families'}`,
  reviewerEmail: 'Your email (optional)',
  comments: 'Comments (optional)',
  approve: 'Approve',
  requestChanges: 'Request Changes',
  viewHtml: 'View HTML',
  hideHtml: 'Hide HTML',
  subject: 'Subject',
  confirmTitle: 'Approve Without Comments',
  confirmBody: 'Are you sure you want to approve this campaign without any comments or feedback?',
  confirmYes: 'Yes, Approve',
  cancel: 'Cancel',
  approvedTitle: 'Campaign Approved!',
  rejectedTitle: 'Campaign Rejected',
  notified: 'The campaign creator has been notified of your decision.',
  /** The server's message after a decision. */
  approvedMessage: 'Thank you. The campaign has been approved.',
  rejectedMessage: 'Thank you. Your requested changes have been sent to the campaign creator.',
  /** A used link (GET answers decision; POST answers 409 with this). */
  alreadyDecided: 'A decision has already been made on this campaign.',
  /** The content changed after the link was made (409). */
  contentChanged:
    'This campaign has changed since the approval link was created. Ask the sender for a new link.',
  /** Request Changes needs a comment (400). */
  feedbackRequired: 'Please describe the changes you would like',
  emailInvalid: 'Please enter a valid email address',
  feedbackTooLong: `Comments are at most ${APPROVAL_FEEDBACK_MAX} characters`,
  /** Too many preview or decision calls from one address (429). */
  rateLimited: 'Too many requests. Please slow down.',
  /** Admin side. */
  cannotSendForApproval: 'Only draft or rejected campaigns can be sent for approval.',
  cannotApprove: 'Only a campaign pending approval, or a draft, can be approved.',
  cannotPublish: 'Only an approved campaign that is ready can be published.',
  publishContentChanged:
    'The content differs from the approved content: send the campaign for approval again before publishing.',
  approvedDirectly: 'Campaign approved.',
  published: 'Campaign published.',
  /** The creator's notification email. */
  notifyApprovedSubject: (name: string) => `Campaign approved: ${name}`,
  notifyRejectedSubject: (name: string) => `Changes requested: ${name}`,
  /** The admin's preview modal. */
  approvalDetails: 'Approval Details',
  sendForApproval: 'Send for Approval',
  resubmit: 'Resubmit',
  linkCopied: 'Approval link copied to the clipboard',
  copyByHand: 'Copy this approval link:',
  publish: 'Publish',
  publishing: 'Publishing...',
} as const;

/** POST /api/campaigns/{id}/create-approval-link: optional version_number, else the final, else current. */
export const createApprovalLinkSchema = z
  .strictObject({
    version_number: z.number().int().min(1, CAMPAIGN_MESSAGES.versionNotFound).nullish(),
  })
  .nullish()
  .transform((b) => ({ version_number: b?.version_number ?? null }));
export type CreateApprovalLink = z.output<typeof createApprovalLinkSchema>;
/** Its answer: the campaign is now pending; the link replaces (revokes) any earlier one. */
export const approvalLinkSchema = z.object({
  /** Site origin + /preview/{token}; the token is shown only here, once. */
  preview_url: z.string(),
  version_number: z.number().int(),
  expires_at: z.string(),
  campaign: campaignSchema,
});
export type ApprovalLink = z.infer<typeof approvalLinkSchema>;

/** GET /api/campaigns/preview/{token} (public): what the reviewer sees. 404 for unknown, expired, revoked. */
export const approvalPreviewSchema = z.object({
  campaign: z.object({
    name: z.string(),
    subject: z.string(),
    /** The approved version's HTML with sample data (to show in a sandboxed iframe). */
    content_html: z.string(),
    /** Its source, placeholders kept (the 'View HTML' box). */
    source_html: z.string(),
    content_text: z.string(),
    segment_name: z.string().nullable(),
    /** Shown as 'families'. */
    estimated_recipients: z.number().int(),
    created_at: z.string(),
    version_number: z.number().int(),
  }),
  /** pending: the reviewer may decide; approved or rejected: the decision already made. */
  status: z.enum(['pending', 'approved', 'rejected']),
  decision: z
    .object({
      approved: z.boolean(),
      decided_at: z.string(),
      message: z.string(),
    })
    .nullable(),
  expires_at: z.string(),
});
export type ApprovalPreview = z.infer<typeof approvalPreviewSchema>;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * POST /api/campaigns/preview/{token}/approve (public) {approved, feedback, email}: Request Changes
 * (approved false) needs feedback. 404 unknown/expired/revoked, 409 already decided or changed.
 */
export const approvalDecisionSchema = z
  .strictObject({
    approved: z.boolean(),
    feedback: optionalText(APPROVAL_FEEDBACK_MAX, APPROVAL_MESSAGES.feedbackTooLong),
    email: z
      .union([z.literal(''), z.email(APPROVAL_MESSAGES.emailInvalid).max(APPROVAL_EMAIL_MAX)])
      .nullish()
      .transform((v) => (v ? v.toLowerCase() : null)),
  })
  .refine((b) => b.approved || !!b.feedback, {
    message: APPROVAL_MESSAGES.feedbackRequired,
    path: ['feedback'],
  });
export type ApprovalDecisionInput = z.input<typeof approvalDecisionSchema>;
export type ApprovalDecision = z.output<typeof approvalDecisionSchema>;
export const approvalDecisionResultSchema = z.object({
  success: z.literal(true),
  approved: z.boolean(),
  message: z.string(),
});
export type ApprovalDecisionResult = z.infer<typeof approvalDecisionResultSchema>;

/** POST /api/campaigns/{id}/approve (signed in, audited): optional feedback. */
export const adminApproveSchema = z
  .strictObject({ feedback: optionalText(APPROVAL_FEEDBACK_MAX, APPROVAL_MESSAGES.feedbackTooLong) })
  .nullish()
  .transform((b) => ({ feedback: b?.feedback ?? null }));
/** POST /api/campaigns/{id}/approve and /publish answer the campaign and a message. */
export const campaignActionResultSchema = z.object({ message: z.string(), campaign: campaignSchema });
export type CampaignActionResult = z.infer<typeof campaignActionResultSchema>;
