import {
  TEMPLATE_MESSAGES,
  type EmailTemplate,
  type TemplateCategory,
  type TemplatePersonalizationLevel,
} from '@lantern/contracts';
import { NotFoundError } from '../../http/errors';
import type { TemplatesRepository } from './templates.repository';
import type { EmailTemplateRow } from './templates.tables';

// What the template use cases share: a row or a 404, and the API's shape of a row.

export async function getTemplateRow(repo: TemplatesRepository, id: string): Promise<EmailTemplateRow> {
  const row = await repo.findById(id);
  if (!row) throw new NotFoundError(TEMPLATE_MESSAGES.notFound);
  return row;
}

/** A row as the API answers it (3.10), every variable field present. */
export function toEmailTemplate(row: EmailTemplateRow): EmailTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category as TemplateCategory,
    subject_template: row.subjectTemplate,
    content_html_template: row.contentHtmlTemplate,
    content_text_template: row.contentTextTemplate,
    variables_schema: row.variablesSchema.map((v) => ({
      key: v.key,
      label: v.label,
      type: v.type,
      required: v.required,
      default_value: v.default_value ?? null,
      description: v.description ?? null,
    })),
    segment_tags: row.segmentTags,
    personalization_level: row.personalizationLevel as TemplatePersonalizationLevel,
    is_active: row.isActive,
    usage_count: row.usageCount,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created_by: row.createdBy,
    default_key: row.defaultKey,
  };
}
