import {
  normalizeSegmentTags,
  TEMPLATE_DEFAULT_CATEGORY,
  TEMPLATE_DEFAULT_PERSONALIZATION,
  templateCreateSchema,
  type EmailTemplate,
  type TemplateCategory,
  type TemplateCreateInput,
  type TemplatePersonalizationLevel,
  type TemplateVariableType,
} from '@lantern/contracts';
import { z } from 'zod';

/** A variable row as typed (the row's identity is useFieldArray's). */
export type VariableDraft = {
  key: string;
  label: string;
  type: TemplateVariableType;
  required: boolean;
  default_value: string;
  description: string;
};

/** The editor's values, named as the API names them; optional texts are '' until typed. */
export type TemplateDraft = {
  name: string;
  description: string;
  category: TemplateCategory;
  subject_template: string;
  content_html_template: string;
  content_text_template: string;
  variables_schema: VariableDraft[];
  segment_tags: string[];
  personalization_level: TemplatePersonalizationLevel;
  is_active: boolean;
};

/** 'child_name' → 'Child Name': a label to start from when a detected placeholder becomes a variable. */
export const labelFromKey = (key: string) =>
  key
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

export const newVariable = (key = ''): VariableDraft => ({
  key,
  label: labelFromKey(key),
  type: 'text',
  required: false,
  default_value: '',
  description: '',
});

export function emptyTemplateDraft(): TemplateDraft {
  return {
    name: '',
    description: '',
    category: TEMPLATE_DEFAULT_CATEGORY,
    subject_template: '',
    content_html_template: '',
    content_text_template: '',
    variables_schema: [],
    segment_tags: [],
    personalization_level: TEMPLATE_DEFAULT_PERSONALIZATION,
    is_active: true,
  };
}

export function toTemplateDraft(template: EmailTemplate): TemplateDraft {
  return {
    name: template.name,
    description: template.description ?? '',
    category: template.category,
    subject_template: template.subject_template,
    content_html_template: template.content_html_template,
    content_text_template: template.content_text_template ?? '',
    variables_schema: template.variables_schema.map((variable) => ({
      key: variable.key,
      label: variable.label,
      type: variable.type,
      required: variable.required,
      default_value: variable.default_value ?? '',
      description: variable.description ?? '',
    })),
    segment_tags: template.segment_tags,
    personalization_level: template.personalization_level,
    is_active: template.is_active,
  };
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value);

/** The request body of POST and PUT /api/templates (and of validate). */
export function toTemplateBody(draft: TemplateDraft): TemplateCreateInput {
  return {
    name: draft.name.trim(),
    description: blankToNull(draft.description.trim()),
    category: draft.category,
    subject_template: draft.subject_template.trim(),
    content_html_template: draft.content_html_template,
    // Spec 5.8: left empty, the plain text is generated from the HTML.
    content_text_template: blankToNull(draft.content_text_template),
    variables_schema: draft.variables_schema.map((variable) => ({
      key: variable.key.trim(),
      label: variable.label.trim(),
      type: variable.type,
      required: variable.required,
      default_value: variable.default_value === '' ? null : variable.default_value,
      description: blankToNull(variable.description.trim()),
    })),
    segment_tags: normalizeSegmentTags(draft.segment_tags),
    personalization_level: draft.personalization_level,
    is_active: draft.is_active,
  };
}

/** Adds a typed tag: trimmed, and ignored when blank or already there (spec 5.8). */
export const withTag = (tags: string[], typed: string) => normalizeSegmentTags([...tags, typed]);

/**
 * The form's schema: the draft as typed, checked by the contracts' own request schema on the body
 * it becomes, so the browser refuses what the server refuses, in the same words. Problems keep the
 * API's paths (`name`, `variables_schema.0.key`), which are the form's field names too.
 */
export const templateDraftSchema = z.custom<TemplateDraft>().superRefine((draft, ctx) => {
  const result = templateCreateSchema.safeParse(toTemplateBody(draft));
  if (result.success) return;
  for (const issue of result.error.issues)
    ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
});

/** Which editor tab holds a field, to open it when that field has a problem. */
export type EditorTab = 'content' | 'variables' | 'settings';
export function tabOfField(path: string): EditorTab {
  if (path.startsWith('variables_schema')) return 'variables';
  if (path.startsWith('segment_tags') || path === 'personalization_level' || path === 'is_active')
    return 'settings';
  return 'content';
}
