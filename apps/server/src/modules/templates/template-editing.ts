import {
  TEMPLATE_MESSAGES,
  type EmailTemplate,
  type TemplateCreate,
  type TemplateUpdate,
  type TemplateVariable,
} from '@lantern/contracts';
import { BadInputError, NotFoundError } from '../../http/errors';
import { getTemplateRow, toEmailTemplate } from './template-records';
import { checkTemplate } from './template-validation';
import type { TemplatesRepository } from './templates.repository';
import type { EmailTemplateInsert, EmailTemplateRow } from './templates.tables';

// Create, change and delete a template. Every save is checked as POST /validate checks a draft;
// errors refuse it with 'Please fix validation errors before saving' and the list of errors, and
// the HTML is stored as sanitised. Turning a template on or off alone is never blocked by content.

/** A save refused by validation: the route answers 400 with the errors as details. */
export class TemplateInvalidError extends BadInputError {
  constructor(readonly errors: string[]) {
    super(TEMPLATE_MESSAGES.fixBeforeSaving);
  }
}

type Content = Omit<TemplateCreate, 'is_active'> & { is_active?: boolean };

const normalizeVariables = (variables: readonly TemplateVariable[]): TemplateVariable[] =>
  variables.map((v) => ({
    key: v.key,
    label: v.label,
    type: v.type,
    required: v.required,
    default_value: v.default_value?.length ? v.default_value : null,
    description: v.description?.length ? v.description : null,
  }));

/** The columns of a checked form; throws TemplateInvalidError when it has errors. */
function checkedColumns(form: Content): Omit<EmailTemplateInsert, 'createdBy' | 'defaultKey'> {
  const check = checkTemplate({ ...form, variables_schema: form.variables_schema });
  if (!check.isValid || check.sanitizedHtml === null) throw new TemplateInvalidError(check.errors);
  const text = form.content_text_template?.trim() ? form.content_text_template : null;
  return {
    name: form.name.trim(),
    description: form.description?.trim() || null,
    category: form.category,
    subjectTemplate: form.subject_template.trim(),
    contentHtmlTemplate: check.sanitizedHtml,
    contentTextTemplate: text,
    variablesSchema: normalizeVariables(form.variables_schema),
    segmentTags: form.segment_tags,
    personalizationLevel: form.personalization_level,
    ...(form.is_active === undefined ? {} : { isActive: form.is_active }),
  };
}

export async function createTemplate(
  repo: TemplatesRepository,
  input: TemplateCreate,
  createdBy: string | null,
): Promise<EmailTemplate> {
  const row = await repo.insert({ ...checkedColumns(input), createdBy });
  return toEmailTemplate(row);
}

/** The form as stored, for merging a partial change into. */
function formOf(row: EmailTemplateRow): Content {
  return {
    name: row.name,
    description: row.description,
    category: row.category as Content['category'],
    subject_template: row.subjectTemplate,
    content_html_template: row.contentHtmlTemplate,
    content_text_template: row.contentTextTemplate,
    variables_schema: row.variablesSchema,
    segment_tags: row.segmentTags,
    personalization_level: row.personalizationLevel as Content['personalization_level'],
  };
}

/** PUT: `{ is_active }` alone flips the template; any content change is checked as a whole. */
export async function updateTemplate(
  repo: TemplatesRepository,
  id: string,
  change: TemplateUpdate,
): Promise<EmailTemplate> {
  const row = await getTemplateRow(repo, id);
  const { is_active: isActive, ...content } = change;
  const changesContent = Object.values(content).some((value) => value !== undefined);
  const defined = Object.fromEntries(Object.entries(content).filter(([, value]) => value !== undefined));
  const values: Partial<EmailTemplateInsert> = changesContent
    ? checkedColumns({ ...formOf(row), ...defined })
    : {};
  if (isActive !== undefined) values.isActive = isActive;
  const updated = await repo.update(id, values);
  if (!updated) throw new NotFoundError(TEMPLATE_MESSAGES.notFound);
  return toEmailTemplate(updated);
}

export async function deleteTemplate(repo: TemplatesRepository, id: string): Promise<void> {
  await getTemplateRow(repo, id);
  await repo.delete(id);
}
