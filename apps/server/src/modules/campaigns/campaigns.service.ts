import {
  CAMPAIGN_LEVEL_VARIABLES,
  CAMPAIGN_PERSONALIZATION_LEVELS,
  CAMPAIGN_PERSONALIZATION_VARIABLES,
  isHiddenSegment,
  renderTemplateReport,
  TEMPLATE_PAGE_MAX,
  TEMPLATE_SAMPLE_VARIABLES,
  type AvailableTemplate,
  type Campaign,
  type CampaignCreate,
  type CampaignListQuery,
  type CampaignSegmentOption,
  type CampaignStats,
  type CampaignSummary,
  type CampaignUpdate,
  type CampaignVersion,
  type CampaignVersionContent,
  type DataValidation,
  type EditHistory,
  type EmailTemplate,
  type GenerateContent,
  type Segment,
  type TemplateCategory,
  type TemplateList,
  type TemplateListQueryParsed,
} from '@lantern/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { NotFoundError } from '../../http/errors';
import type { AiProvider } from '../../providers/ai/ai-provider';
import { editCampaignWithAi } from './ai-edit';
import { audienceCounts } from './campaign-audience';
import {
  audienceFields,
  createCampaign,
  currentSegment,
  deleteCampaign,
  setFinalVersion,
  updateCampaign,
  type CampaignSegments,
  type Editor,
} from './campaign-editing';
import { campaignPlainText, campaignVariables } from './campaign-html';
import { getCampaignRow, toCampaign, toCampaignSummary } from './campaign-records';
import { createCampaignsRepository, type CampaignVersionSummaryRow } from './campaigns.repository';
import type { CampaignRow } from './campaigns.tables';
import { checkCompatibility } from './compatibility';
import { generateContent, type GenerationDeps } from './content-generation';
import { createVoiceSettings } from './voice-settings';

// The campaigns module's service (spec document 3: 7.4 but approval, publishing, scheduling and
// sending, which the campaign results issue adds; 7.5 voice settings). Use cases are files of
// their own: campaign-editing, content-generation, ai-edit, compatibility, voice-settings.

export type CampaignsDeps = {
  db: Database;
  segments: CampaignSegments & { listSegments: () => Promise<Segment[]> };
  templates: {
    get: (id: string) => Promise<EmailTemplate>;
    list: (query: TemplateListQueryParsed) => Promise<TemplateList>;
    recordUse: (id: string) => Promise<unknown>;
  };
  ai: AiProvider;
  knowledge: GenerationDeps['knowledge'];
  resources: GenerationDeps['resources'];
  /** The school's name (widget settings), for drafts and previews. */
  schoolName: () => Promise<string>;
  log: FastifyBaseLogger;
};

const toVersion = (row: CampaignVersionSummaryRow): CampaignVersion => ({
  id: row.id,
  version_number: row.versionNumber,
  instruction: row.instruction,
  change_summary: row.changeSummary,
  personalization_level: row.personalizationLevel as CampaignVersion['personalization_level'],
  source: row.source,
  subject: row.subject,
  created_at: row.createdAt.toISOString(),
});

/** Whether freshly computed audience fields differ from the stored ones (the check time aside). */
function audienceChanged(row: CampaignRow, audience: Awaited<ReturnType<typeof audienceFields>>): boolean {
  // jsonb keeps its own key order: compare with keys sorted.
  const canonical = (v: unknown): string =>
    Array.isArray(v)
      ? `[${v.map(canonical).join(',')}]`
      : v && typeof v === 'object'
        ? `{${Object.keys(v)
            .sort()
            .map((k) => `${k}:${canonical((v as Record<string, unknown>)[k])}`)
            .join(',')}}`
        : JSON.stringify(v);
  const withoutTime = (v: DataValidation | null | undefined) => canonical(v && { ...v, checked_at: '' });
  return (
    row.segmentName !== audience.segmentName ||
    row.segmentLeads !== audience.segmentLeads ||
    row.estimatedRecipients !== audience.estimatedRecipients ||
    withoutTime(row.generationMetadata.data_validation) !==
      withoutTime(audience.generationMetadata.data_validation)
  );
}

export function createCampaignsService(deps: CampaignsDeps) {
  const repo = createCampaignsRepository(deps.db);
  const voices = createVoiceSettings(deps.db);
  const editing = {
    repo,
    db: deps.db,
    segments: deps.segments,
  };
  const generation: GenerationDeps = { ...deps, voices };

  return {
    voices,
    repo,

    /** GET /api/campaigns: newest first; each row's segment under its current name. */
    async list(query: CampaignListQuery): Promise<{ campaigns: CampaignSummary[]; total: number }> {
      const rows = await repo.findCampaigns({
        publishStatus: query.status && query.status !== 'all' ? query.status : undefined,
        approvalStatus:
          query.approval_status && query.approval_status !== 'all' ? query.approval_status : undefined,
      });
      const ids = [...new Set(rows.map((r) => r.segmentId).filter((id) => id !== null))];
      const names = new Map((await deps.segments.segmentNames(ids)).map((s) => [s.id, s.name]));
      const campaigns = rows.map((r) =>
        toCampaignSummary(r, r.segmentId ? (names.get(r.segmentId) ?? r.segmentName) : null),
      );
      return { campaigns, total: campaigns.length };
    },

    /** GET /api/campaigns/{id}: with its audience and data quality computed now. */
    async get(id: string): Promise<Campaign> {
      const row = await getCampaignRow(repo, id);
      const segment = await currentSegment(deps.segments, row);
      const audience = await audienceFields(
        editing,
        segment,
        { subject: row.subject, html: row.contentHtml },
        row.generationMetadata,
      );
      // Stored for the list only when something changed: reading a campaign writes nothing otherwise.
      if (audienceChanged(row, audience)) await repo.saveAudience(id, audience);
      return toCampaign({ ...row, ...audience }, segment?.name ?? null);
    },

    create: (input: CampaignCreate, editor: Editor) => createCampaign(editing, input, editor),
    update: (id: string, change: CampaignUpdate, editor: Editor) =>
      updateCampaign(editing, id, change, editor),
    delete: (id: string) => deleteCampaign(editing, id),

    generateContent: (input: GenerateContent) => generateContent(generation, input),
    checkCompatibility: (segmentIds: string[]) => checkCompatibility(editing, segmentIds),

    /** The editor's segment cards: every segment but the hidden ones, with its sendable leads. */
    async segmentOptions(): Promise<CampaignSegmentOption[]> {
      const all = (await deps.segments.listSegments()).filter((s) => !isHiddenSegment(s));
      // One aggregate per segment, run together (the pool spreads them over its connections).
      return Promise.all(
        all.map(async (s) => ({
          id: s.id,
          name: s.name,
          description: s.description,
          active_leads: (await audienceCounts(deps.db, deps.segments, [s.id])).recipients,
          is_active: s.is_active,
          never_contact: s.never_contact,
        })),
      );
    },

    /** GET /api/campaigns/{id}/segments */
    async segmentsOf(id: string) {
      const row = await getCampaignRow(repo, id);
      const segment = await currentSegment(deps.segments, row);
      return { segments: segment ? [segment] : [] };
    },

    /** GET /api/campaigns/{id}/stats: zeros until the campaign results issue sends. */
    async stats(id: string): Promise<{ stats: CampaignStats }> {
      await getCampaignRow(repo, id);
      return {
        stats: { sent: 0, opens: 0, clicks: 0, bounced: 0, unsubscribed: 0, open_rate: 0, click_rate: 0 },
      };
    },

    /** GET /api/campaigns/available-templates?category: active templates, newest first. */
    async availableTemplates(
      category: TemplateCategory | 'all' | undefined,
    ): Promise<{ templates: AvailableTemplate[] }> {
      const { templates } = await deps.templates.list({
        category: category ?? 'all',
        is_active: 'true',
        limit: TEMPLATE_PAGE_MAX,
        offset: 0,
      });
      return {
        templates: templates.map((t) => ({
          id: t.id,
          name: t.name,
          description: t.description,
          category: t.category,
          subject_template: t.subject_template,
          variables: campaignVariables(t.subject_template, t.content_html_template),
          personalization_level: t.personalization_level,
          usage_count: t.usage_count,
        })),
      };
    },

    /** POST /api/campaigns/test-template-generation: the template filled with sample data. */
    async testTemplateGeneration(templateId: string) {
      const template = await deps.templates.get(templateId);
      const values = { ...TEMPLATE_SAMPLE_VARIABLES, school_name: await deps.schoolName() };
      const schema = template.variables_schema;
      const subject = renderTemplateReport(template.subject_template, values, { mode: 'text', schema });
      const html = renderTemplateReport(template.content_html_template, values, { mode: 'html', schema });
      const text = template.content_text_template
        ? renderTemplateReport(template.content_text_template, values, { mode: 'text', schema }).output
        : campaignPlainText(html.output);
      return {
        subject: subject.output,
        html_content: html.output,
        text_content: text,
        variables: campaignVariables(template.subject_template, template.content_html_template),
        missing: [...new Set([...subject.missing, ...html.missing])],
      };
    },

    /** GET /api/campaigns/personalization-variables */
    personalizationVariables() {
      return {
        variables: CAMPAIGN_PERSONALIZATION_VARIABLES.map((v) => ({ ...v })),
        levels: CAMPAIGN_PERSONALIZATION_LEVELS.map((level) => ({
          level,
          variables: [...CAMPAIGN_LEVEL_VARIABLES[level]],
        })),
        syntax: ['{{parent_name}}', '{$parent_name}'],
      };
    },

    editWithAi: (
      id: string,
      input: { instruction: string; personalization_level: 'light' | 'medium' | 'heavy' },
      editor: Editor,
    ) =>
      editCampaignWithAi(
        {
          ...editing,
          ai: deps.ai,
          knowledge: deps.knowledge,
          schoolName: deps.schoolName,
          log: deps.log,
          defaultAvoidTerms: async () => (await voices.getDefault()).avoid_terms,
        },
        id,
        input,
        editor,
      ),

    /** GET /api/campaigns/{id}/edit-history: newest first. */
    async editHistory(id: string): Promise<EditHistory> {
      const row = await getCampaignRow(repo, id);
      return {
        history: (await repo.findVersions(id)).map(toVersion),
        final_version_number: row.finalVersionNumber,
        current_version_number: row.currentVersionNumber,
      };
    },

    /** GET /api/campaigns/{id}/versions/{version} */
    async version(id: string, versionNumber: number): Promise<CampaignVersionContent> {
      await getCampaignRow(repo, id);
      const row = await repo.findVersion(id, versionNumber);
      if (!row) throw new NotFoundError('Version not found');
      return { ...toVersion(row), content_html: row.contentHtml, content_text: row.contentText };
    },

    setFinalVersion: (id: string, versionNumber: number | null) =>
      setFinalVersion(editing, id, versionNumber),
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
