import {
  extractTemplateVariables,
  TEMPLATE_CATEGORIES,
  TEMPLATE_SAMPLE_VARIABLES,
  type EmailTemplate,
  type TemplateCategoriesResponse,
  type TemplateCreate,
  type TemplateCreateDefaults,
  type TemplateExtractRequest,
  type TemplateList,
  type TemplateListQueryParsed,
  type TemplatePreview,
  type TemplateStats,
  type TemplateUpdate,
  type TemplateValidateRequest,
  type TemplateValidation,
} from '@lantern/contracts';
import { createTemplate, deleteTemplate, updateTemplate } from './template-editing';
import {
  prepareTemplateEmail,
  renderTemplateEmail,
  type PreparedTemplateEmail,
  type RenderedEmail,
  type TemplateSource,
} from './template-email';
import { getTemplateRow, toEmailTemplate } from './template-records';
import { checkTemplate } from './template-validation';
import type { TemplatesRepository } from './templates.repository';
import type { EmailTemplateRow } from './templates.tables';
import { STARTER_TEMPLATES } from './starter-templates';

const MOST_USED = 5;
/** Prepared templates kept (CSS inlining a 100 KB template takes a good part of a second). */
const PREPARED_CACHE_SIZE = 20;

export function createTemplatesService(deps: { repo: TemplatesRepository }) {
  const { repo } = deps;
  const prepared = new Map<string, PreparedTemplateEmail>();

  /** The prepared form of a row's current version, from the cache when it has not changed. */
  function preparedOf(row: EmailTemplateRow): PreparedTemplateEmail {
    const key = `${row.id}:${row.updatedAt.getTime()}`;
    const hit = prepared.get(key);
    if (hit) return hit;
    const made = prepareTemplateEmail(toEmailTemplate(row));
    if (prepared.size >= PREPARED_CACHE_SIZE) prepared.delete(prepared.keys().next().value!);
    prepared.set(key, made);
    return made;
  }

  return {
    /** GET /api/templates: newest first. */
    async list(query: TemplateListQueryParsed): Promise<TemplateList> {
      const { rows, total } = await repo.findPage({
        search: query.search,
        category: query.category === 'all' ? undefined : query.category,
        isActive: query.is_active === undefined ? undefined : query.is_active === 'true',
        limit: query.limit,
        offset: query.offset,
      });
      return { templates: rows.map(toEmailTemplate), total };
    },

    async get(id: string): Promise<EmailTemplate> {
      return toEmailTemplate(await getTemplateRow(repo, id));
    },

    create: (input: TemplateCreate, createdBy: string | null) => createTemplate(repo, input, createdBy),
    update: (id: string, change: TemplateUpdate) => updateTemplate(repo, id, change),
    delete: (id: string) => deleteTemplate(repo, id),

    /** POST /api/templates/{id}/preview: the values given, then sample data, then the defaults. */
    async preview(id: string, variables: Record<string, unknown>): Promise<TemplatePreview> {
      const row = await getTemplateRow(repo, id);
      const values: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      for (const key of Object.keys(TEMPLATE_SAMPLE_VARIABLES)) values[key] = TEMPLATE_SAMPLE_VARIABLES[key];
      for (const key of Object.keys(variables)) {
        const value = variables[key];
        if (value !== null && value !== undefined) values[key] = value;
      }
      const email = preparedOf(row).render(values);
      return {
        subject: email.subject,
        html_content: email.html,
        text_content: email.text,
        missing_variables: email.missing,
      };
    },

    /** GET /api/templates/categories: every category, 0 included, in the spec's order. */
    async categories(): Promise<TemplateCategoriesResponse> {
      const counts = new Map((await repo.categoryCounts()).map((c) => [c.category, c.count]));
      return {
        categories: TEMPLATE_CATEGORIES.map((category) => ({ category, count: counts.get(category) ?? 0 })),
      };
    },

    validate(draft: TemplateValidateRequest): TemplateValidation {
      const { isValid, errors, warnings } = checkTemplate(draft);
      return { isValid, errors, warnings };
    },

    extractVariables(sources: TemplateExtractRequest): { variables: string[] } {
      return {
        variables: extractTemplateVariables(
          sources.subject_template,
          sources.content_html_template,
          sources.content_text_template,
        ),
      };
    },

    async stats(): Promise<TemplateStats> {
      const [totals, { categories }, mostUsed] = await Promise.all([
        repo.totals(),
        this.categories(),
        repo.mostUsed(MOST_USED),
      ]);
      return {
        total: totals.total,
        active: totals.active,
        inactive: totals.total - totals.active,
        total_usage: totals.usage,
        never_used: totals.neverUsed,
        by_category: categories,
        most_used: mostUsed.map((row) => ({
          id: row.id,
          name: row.name,
          usage_count: row.usageCount,
          last_used_at: row.lastUsedAt?.toISOString() ?? null,
        })),
      };
    },

    /** POST /api/templates/create-defaults: the starter templates not added before; asking twice adds none. */
    async createDefaults(createdBy: string | null): Promise<TemplateCreateDefaults> {
      const values = STARTER_TEMPLATES.map((t) => ({
        name: t.name,
        description: t.description,
        category: t.category,
        subjectTemplate: t.subject_template,
        contentHtmlTemplate: t.content_html_template,
        contentTextTemplate: t.content_text_template,
        variablesSchema: t.variables_schema,
        segmentTags: t.segment_tags,
        personalizationLevel: t.personalization_level,
        defaultKey: t.default_key,
        createdBy,
      }));
      const created = await repo.insertMissingDefaults(values);
      const all = await repo.findByDefaultKeys(STARTER_TEMPLATES.map((t) => t.default_key));
      const order = STARTER_TEMPLATES.map((t) => t.default_key);
      all.sort((a, b) => order.indexOf(a.defaultKey!) - order.indexOf(b.defaultKey!));
      return {
        created: created.length,
        existing: all.length - created.length,
        templates: all.map(toEmailTemplate),
      };
    },

    // ---- for the campaigns module ----

    /** A template made ready to render for many recipients (CSS inlined, text derived once). */
    async prepareEmail(id: string): Promise<PreparedTemplateEmail> {
      return preparedOf(await getTemplateRow(repo, id));
    },

    /**
     * One recipient's {subject, html, text}; MissingTemplateVariablesError when a required
     * variable has no value and no default.
     */
    async renderForRecipient(id: string, variables: Record<string, unknown>): Promise<RenderedEmail> {
      return renderTemplateEmail(await this.prepareEmail(id), variables);
    },

    /**
     * Any content (a campaign's approved HTML, text and subject) made ready the same way: CSS
     * inlined by juice and the text derived once, then rendered per recipient.
     */
    prepareContent: (source: TemplateSource): PreparedTemplateEmail => prepareTemplateEmail(source),

    /** A campaign used the template: usage_count + 1 and last_used_at. False when it is gone. */
    recordUse: (id: string, at: Date = new Date()) => repo.recordUse(id, at),
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
