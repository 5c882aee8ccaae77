import { z } from 'zod';
import { offsetQueryShape } from './common';
import { TEMPLATE_VARIABLE_NAME_PATTERN, TEMPLATE_RESERVED_NAMES } from './template-render';

/**
 * Email templates (spec document 3: 2.9 screen, 3.10 record, 4.7 states, 5.8 validation,
 * 7.6 calls, 8.8 messages, 9 constants). Rendering is `template-render.ts`.
 */

// ---- categories (3.10, 5.8, 9) ----

export const TEMPLATE_CATEGORIES = ['newsletter', 'welcome', 'resources', 'events', 'general'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
export const TEMPLATE_DEFAULT_CATEGORY: TemplateCategory = 'newsletter';

export const TEMPLATE_CATEGORY_LABELS: Record<TemplateCategory, string> = {
  newsletter: 'Newsletter',
  welcome: 'Welcome',
  resources: 'Resources',
  events: 'Events',
  general: 'General',
};

/** Badge colour of each category, in the spec's order: blue, green, purple, orange, grey. */
export const TEMPLATE_CATEGORY_COLORS: Record<
  TemplateCategory,
  'blue' | 'green' | 'purple' | 'orange' | 'grey'
> = {
  newsletter: 'blue',
  welcome: 'green',
  resources: 'purple',
  events: 'orange',
  general: 'grey',
};

/**
 * Categories sent to families in bulk, which must carry an unsubscribe link (a warning when they
 * do not). A welcome email answers the family's own enquiry, so it is not among them.
 */
export const TEMPLATE_MARKETING_CATEGORIES: readonly TemplateCategory[] = [
  'newsletter',
  'resources',
  'events',
  'general',
];

// ---- variables (3.10, 5.8) ----

export const TEMPLATE_VARIABLE_TYPES = ['text', 'html', 'url', 'image'] as const;
export type TemplateVariableType = (typeof TEMPLATE_VARIABLE_TYPES)[number];
export const TEMPLATE_VARIABLE_TYPE_LABELS: Record<TemplateVariableType, string> = {
  text: 'Text',
  html: 'HTML',
  url: 'URL',
  image: 'Image',
};

/** The placeholder every bulk email needs: filled per recipient by the send engine. */
export const TEMPLATE_UNSUBSCRIBE_VARIABLE = 'unsubscribe';
/**
 * Variables the send engine fills for every recipient, so a template may use them without
 * declaring them: the unsubscribe and forward links.
 */
export const TEMPLATE_SYSTEM_VARIABLES: readonly string[] = ['unsubscribe', 'forward'];

// ---- personalization (5.8, 9) ----

export const TEMPLATE_PERSONALIZATION_LEVELS = ['light', 'medium', 'heavy'] as const;
export type TemplatePersonalizationLevel = (typeof TEMPLATE_PERSONALIZATION_LEVELS)[number];
export const TEMPLATE_DEFAULT_PERSONALIZATION: TemplatePersonalizationLevel = 'medium';
export const TEMPLATE_PERSONALIZATION_LABELS: Record<TemplatePersonalizationLevel, string> = {
  light: 'Light',
  medium: 'Medium',
  heavy: 'Heavy',
};
/** What each level personalises with (5.8). */
export const TEMPLATE_PERSONALIZATION_MEANINGS: Record<TemplatePersonalizationLevel, string> = {
  light: 'Names only',
  medium: 'Names and age',
  heavy: 'Names, age and specific needs',
};

// ---- constants and limits (9) ----

export const TEMPLATE_PAGE_SIZE = 50;
export const TEMPLATE_PAGE_MAX = 200;
export const TEMPLATE_EXTRACT_DEBOUNCE_MS = 500;
export const TEMPLATE_TAG_DISPLAY_LIMIT = 3;
export const TEMPLATE_NAME_MAX = 200;
export const TEMPLATE_DESCRIPTION_MAX = 1000;
/** Subject lines are at most 200 characters (9); the template too. */
export const TEMPLATE_SUBJECT_MAX = 200;
/** Gmail clips messages over 102 KB, hiding the unsubscribe link: templates stay under 100 KB. */
export const TEMPLATE_HTML_MAX_BYTES = 100 * 1024;
export const TEMPLATE_TEXT_MAX_BYTES = 100 * 1024;
/** What a request may carry at all (larger is a 400 before any work is done). */
export const TEMPLATE_SOURCE_HARD_MAX_CHARS = 1_000_000;
export const TEMPLATE_MAX_VARIABLES = 100;
export const TEMPLATE_MAX_PLACEHOLDERS = 2000;
export const TEMPLATE_MAX_TAGS = 50;
export const TEMPLATE_TAG_MAX = 60;
export const TEMPLATE_VARIABLE_LABEL_MAX = 120;
export const TEMPLATE_VARIABLE_DEFAULT_MAX = 2000;
export const TEMPLATE_VARIABLE_DESCRIPTION_MAX = 500;
/** Request bodies of the template calls: a 100 KB template, its text and JSON escaping fit easily. */
export const TEMPLATE_BODY_MAX_BYTES = 2 * 1024 * 1024;
/** Preview values: how many and how long. */
export const TEMPLATE_PREVIEW_MAX_VALUES = 200;
export const TEMPLATE_PREVIEW_VALUE_MAX = 10_000;

// ---- messages (2.9, 5.8, 8.8) ----

export const TEMPLATE_MESSAGES = {
  loadFailed: 'Failed to load templates',
  updateFailed: 'Failed to update template',
  deleteFailed: 'Failed to delete template',
  saveFailed: 'Failed to save template',
  validationFailed: 'Validation failed',
  fixBeforeSaving: 'Please fix validation errors before saving',
  notFound: 'Template not found',
  noTemplates: 'No templates found',
  noTemplatesFiltered: 'Try changing your search or filters.',
  noTemplatesYet: 'Create a template to reuse in your campaigns.',
  createFirst: 'Create Your First Template',
  startFromDefaults: 'Start from a template',
  noDescription: 'No description provided',
  never: 'Never',
  inactive: 'Inactive',
  showActiveOnly: 'Show active only',
  allCategories: 'All Categories',
  validateTemplate: 'Validate Template',
  nameRequired: 'Template name is required',
  categoryRequired: 'Category is required',
  subjectRequired: 'Subject template is required',
  htmlRequired: 'HTML template is required',
  variableKeyRequired: 'Variable key is required',
  variableLabelRequired: 'Display label is required',
  variableKeyInvalid:
    'Variable key must start with a letter or underscore and use only letters, digits and underscores',
  tooLarge: 'Template is too large',
} as const;

export const templateDeleteConfirm = (name: string) =>
  `Are you sure you want to delete "${name}"? This action cannot be undone.`;
export const templatesShowing = (shown: number, total: number) => `Showing ${shown} of ${total} templates`;
export const templateUsedTimes = (count: number) => `Used ${count} ${count === 1 ? 'time' : 'times'}`;
export const templateVariablesDetected = (count: number) =>
  `${count} ${count === 1 ? 'variable' : 'variables'} detected`;
/** '+N more' after the first TEMPLATE_TAG_DISPLAY_LIMIT segment tags. */
export const templateMoreTags = (count: number) => `+${count} more`;

// ---- sample data (3.10) ----

/**
 * Values the previews fill placeholders with: the spec's sample names (name, child_name,
 * child_age, unsubscribe, forward), the campaign editor's extra names and the personalization
 * tokens; child age 8 and timeline 'Next semester' as the spec says.
 */
export const TEMPLATE_SAMPLE_VARIABLES: Readonly<Record<string, string>> = {
  name: 'Sarah Johnson',
  first_name: 'Sarah',
  parent_name: 'Sarah Johnson',
  email: 'sarah.johnson@example.com',
  child_name: 'Emma',
  child_age: '8',
  timeline: 'Next semester',
  special_needs: 'ADHD',
  school_name: 'Lantern Academy',
  campaign_name: 'Spring Newsletter',
  segment_name: 'Prospective families',
  unsubscribe: 'https://example.com/unsubscribe',
  forward: 'https://example.com/forward',
};

// ---- records (3.10) ----

const variableKey = z
  .string()
  .trim()
  .min(1, { message: TEMPLATE_MESSAGES.variableKeyRequired, abort: true })
  .max(64, TEMPLATE_MESSAGES.variableKeyInvalid)
  .regex(TEMPLATE_VARIABLE_NAME_PATTERN, TEMPLATE_MESSAGES.variableKeyInvalid)
  .refine((key) => !TEMPLATE_RESERVED_NAMES.includes(key), 'This variable key is reserved');

export const templateVariableSchema = z.strictObject({
  key: variableKey,
  label: z.string().trim().min(1, TEMPLATE_MESSAGES.variableLabelRequired).max(TEMPLATE_VARIABLE_LABEL_MAX),
  type: z.enum(TEMPLATE_VARIABLE_TYPES).default('text'),
  required: z.boolean().default(false),
  default_value: z.string().max(TEMPLATE_VARIABLE_DEFAULT_MAX).nullish(),
  description: z.string().trim().max(TEMPLATE_VARIABLE_DESCRIPTION_MAX).nullish(),
});
export type TemplateVariable = z.output<typeof templateVariableSchema>;
export type TemplateVariableInput = z.input<typeof templateVariableSchema>;

export const emailTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.enum(TEMPLATE_CATEGORIES),
  subject_template: z.string(),
  content_html_template: z.string(),
  content_text_template: z.string().nullable(),
  variables_schema: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      type: z.enum(TEMPLATE_VARIABLE_TYPES),
      required: z.boolean(),
      default_value: z.string().nullable(),
      description: z.string().nullable(),
    }),
  ),
  segment_tags: z.array(z.string()),
  personalization_level: z.enum(TEMPLATE_PERSONALIZATION_LEVELS),
  is_active: z.boolean(),
  usage_count: z.number().int(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string().nullable(),
  /** Which starter template this came from (create-defaults), or null. */
  default_key: z.string().nullable(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

/** Segment tags as saved: trimmed, blanks dropped, duplicates (ignoring case) ignored. */
export function normalizeSegmentTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

const segmentTags = z
  .array(z.string().max(TEMPLATE_TAG_MAX, `Segment tags are at most ${TEMPLATE_TAG_MAX} characters`))
  .max(TEMPLATE_MAX_TAGS * 4)
  .transform(normalizeSegmentTags)
  .refine((tags) => tags.length <= TEMPLATE_MAX_TAGS, `At most ${TEMPLATE_MAX_TAGS} segment tags`);

const sourceText = (message: string) =>
  z.string().max(TEMPLATE_SOURCE_HARD_MAX_CHARS, `${message}: ${TEMPLATE_MESSAGES.tooLarge}`);

const templateFields = {
  name: z.string().trim().min(1, TEMPLATE_MESSAGES.nameRequired).max(TEMPLATE_NAME_MAX),
  description: z.string().trim().max(TEMPLATE_DESCRIPTION_MAX).nullish(),
  category: z.enum(TEMPLATE_CATEGORIES, TEMPLATE_MESSAGES.categoryRequired),
  subject_template: z
    .string()
    .trim()
    .min(1, TEMPLATE_MESSAGES.subjectRequired)
    .max(TEMPLATE_SUBJECT_MAX, `Subject template is at most ${TEMPLATE_SUBJECT_MAX} characters`),
  content_html_template: sourceText('HTML template').refine(
    (s) => s.trim().length > 0,
    TEMPLATE_MESSAGES.htmlRequired,
  ),
  content_text_template: sourceText('Text template').nullish(),
  variables_schema: z
    .array(templateVariableSchema)
    .max(TEMPLATE_MAX_VARIABLES, `At most ${TEMPLATE_MAX_VARIABLES} variables`),
  segment_tags: segmentTags,
  personalization_level: z.enum(TEMPLATE_PERSONALIZATION_LEVELS),
  is_active: z.boolean(),
};

/** POST /api/templates: the editor's form. Answers 201 `{ template }`. */
export const templateCreateSchema = z.strictObject({
  ...templateFields,
  category: templateFields.category.default(TEMPLATE_DEFAULT_CATEGORY),
  variables_schema: templateFields.variables_schema.default([]),
  segment_tags: templateFields.segment_tags.default([]),
  personalization_level: templateFields.personalization_level.default(TEMPLATE_DEFAULT_PERSONALIZATION),
  is_active: templateFields.is_active.default(true),
});
export type TemplateCreateInput = z.input<typeof templateCreateSchema>;
export type TemplateCreate = z.output<typeof templateCreateSchema>;

/** PUT /api/templates/{id}: the full form, or any part of it (e.g. `{ is_active }` alone). Answers `{ template }`. */
export const templateUpdateSchema = z.strictObject(templateFields).partial();
export type TemplateUpdateInput = z.input<typeof templateUpdateSchema>;
export type TemplateUpdate = z.output<typeof templateUpdateSchema>;

/** GET /api/templates/{id}, POST /api/templates, PUT /api/templates/{id}. */
export const templateResponseSchema = z.object({ template: emailTemplateSchema });

// ---- GET /api/templates ----

/** Query of GET /api/templates: search, category, is_active ('true'/'false'), limit 50, offset 0. */
export const templateListQuerySchema = z.strictObject({
  search: z.string().trim().max(200).optional(),
  /** A category, or 'all' (ignored). */
  category: z.union([z.enum(TEMPLATE_CATEGORIES), z.literal('all')]).optional(),
  is_active: z.enum(['true', 'false']).optional(),
  ...offsetQueryShape({ size: TEMPLATE_PAGE_SIZE, max: TEMPLATE_PAGE_MAX }),
});
export type TemplateListQuery = z.input<typeof templateListQuerySchema>;
export type TemplateListQueryParsed = z.output<typeof templateListQuerySchema>;

/** GET /api/templates: one page (newest first) and the total that matched. */
export const templateListSchema = z.object({
  templates: z.array(emailTemplateSchema),
  total: z.number().int(),
});
export type TemplateList = z.infer<typeof templateListSchema>;

// ---- GET /api/templates/categories ----

export const templateCategoryCountSchema = z.object({
  category: z.enum(TEMPLATE_CATEGORIES),
  count: z.number().int(),
});
export type TemplateCategoryCount = z.infer<typeof templateCategoryCountSchema>;
/** GET /api/templates/categories: every category, with how many templates it holds (0 included). */
export const templateCategoriesSchema = z.object({ categories: z.array(templateCategoryCountSchema) });
export type TemplateCategoriesResponse = z.infer<typeof templateCategoriesSchema>;

// ---- POST /api/templates/{id}/preview ----

const previewValue = z.union([z.string().max(TEMPLATE_PREVIEW_VALUE_MAX), z.number(), z.boolean(), z.null()]);
/** POST /api/templates/{id}/preview: values for the placeholders (unset ones use sample data, then defaults). */
export const templatePreviewRequestSchema = z.strictObject({
  variables: z
    .record(z.string().max(64), previewValue)
    .refine((v) => Object.keys(v).length <= TEMPLATE_PREVIEW_MAX_VALUES, 'Too many variables')
    .default({}),
});
export type TemplatePreviewRequest = z.input<typeof templatePreviewRequestSchema>;

/** The rendered email: subject and plain text raw, HTML escaped; text generated from HTML when the template has none. */
export const templatePreviewSchema = z.object({
  subject: z.string(),
  html_content: z.string(),
  text_content: z.string(),
  /** Placeholders that had no value (rendered as nothing). */
  missing_variables: z.array(z.string()),
});
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;

// ---- POST /api/templates/validate ----

/**
 * POST /api/templates/validate: a draft, possibly incomplete, checked without saving. Fields are
 * loose on purpose (problems are reported in `errors`, not as a 400); only size is bounded.
 */
export const templateValidateRequestSchema = z.object({
  id: z.string().max(64).optional(),
  name: z.string().max(TEMPLATE_SOURCE_HARD_MAX_CHARS).nullish(),
  description: z.string().max(TEMPLATE_SOURCE_HARD_MAX_CHARS).nullish(),
  category: z.string().max(100).nullish(),
  subject_template: sourceText('Subject template').nullish(),
  content_html_template: sourceText('HTML template').nullish(),
  content_text_template: sourceText('Text template').nullish(),
  variables_schema: z.array(z.record(z.string(), z.unknown())).max(1000).nullish(),
  segment_tags: z.array(z.unknown()).max(1000).nullish(),
  personalization_level: z.string().max(100).nullish(),
  is_active: z.boolean().nullish(),
});
export type TemplateValidateRequest = z.input<typeof templateValidateRequestSchema>;

/** Validation result (3.10): the draft can be saved when isValid; warnings never block. */
export const templateValidationSchema = z.object({
  isValid: z.boolean(),
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
});
export type TemplateValidation = z.infer<typeof templateValidationSchema>;

// ---- POST /api/templates/extract-variables ----

/** POST /api/templates/extract-variables: the editor sends its three sources 500 ms after the last edit. */
export const templateExtractRequestSchema = z.object({
  subject_template: sourceText('Subject template').nullish(),
  content_html_template: sourceText('HTML template').nullish(),
  content_text_template: sourceText('Text template').nullish(),
});
export type TemplateExtractRequest = z.input<typeof templateExtractRequestSchema>;
/** Distinct placeholder names in order of first use (subject, then HTML, then text). */
export const templateExtractSchema = z.object({ variables: z.array(z.string()) });

// ---- GET /api/templates/stats ----

/** GET /api/templates/stats. */
export const templateStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  total_usage: z.number().int(),
  never_used: z.number().int(),
  by_category: z.array(templateCategoryCountSchema),
  most_used: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      usage_count: z.number().int(),
      last_used_at: z.string().nullable(),
    }),
  ),
});
export type TemplateStats = z.infer<typeof templateStatsSchema>;

// ---- POST /api/templates/create-defaults ----

/** POST /api/templates/create-defaults (no body): adds the starter templates the school does not have yet. */
export const templateCreateDefaultsSchema = z.object({
  created: z.number().int(),
  /** Starter templates already present, left as they are. */
  existing: z.number().int(),
  templates: z.array(emailTemplateSchema),
});
export type TemplateCreateDefaults = z.infer<typeof templateCreateDefaultsSchema>;

// DELETE /api/templates/{id} answers `{ success: true }` (successSchema in common.ts).
