import {
  isSafeTemplateUrl,
  parseTemplate,
  templateLineOf,
  TEMPLATE_CATEGORIES,
  TEMPLATE_CATEGORY_LABELS,
  TEMPLATE_DESCRIPTION_MAX,
  TEMPLATE_HTML_MAX_BYTES,
  TEMPLATE_MARKETING_CATEGORIES,
  TEMPLATE_MAX_PLACEHOLDERS,
  TEMPLATE_MAX_VARIABLES,
  TEMPLATE_MESSAGES,
  TEMPLATE_NAME_MAX,
  TEMPLATE_PERSONALIZATION_LEVELS,
  TEMPLATE_SUBJECT_MAX,
  TEMPLATE_SYSTEM_VARIABLES,
  TEMPLATE_TEXT_MAX_BYTES,
  TEMPLATE_UNSUBSCRIBE_VARIABLE,
  templateVariableSchema,
  type TemplateCategory,
  type TemplateValidateRequest,
  type TemplateValidation,
  type TemplateVariable,
} from '@lantern/contracts';
import { sanitizeTemplateHtml, TEMPLATE_MAX_CSS_RULES, TEMPLATE_MAX_NESTING } from './template-html';

// The checks behind POST /api/templates/validate and every save: errors block saving, warnings
// do not. Messages name the field (and the line) so an author can find what to fix.

type Draft = TemplateValidateRequest;

export type TemplateCheck = TemplateValidation & {
  /** The HTML as it would be saved (sanitised), when there was HTML to check. */
  sanitizedHtml: string | null;
};

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;
const kb = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;

const SOURCES = [
  ['subject_template', 'Subject template'],
  ['content_html_template', 'HTML template'],
  ['content_text_template', 'Text template'],
] as const;

/** Checks a draft (complete or not) without saving it. */
export function checkTemplate(draft: Draft): TemplateCheck {
  const errors: string[] = [];
  const warnings: string[] = [];
  checkFields(draft, errors);
  const declared = checkVariables(draft.variables_schema ?? [], errors);
  const used = checkPlaceholders(draft, errors);
  checkVariableUse(declared, used, warnings);
  const sanitizedHtml = checkHtml(draft.content_html_template ?? '', errors, warnings);
  checkUnsubscribe(draft, used, warnings);
  return { isValid: errors.length === 0, errors, warnings, sanitizedHtml };
}

function checkFields(draft: Draft, errors: string[]) {
  const name = draft.name?.trim() ?? '';
  if (!name) errors.push(TEMPLATE_MESSAGES.nameRequired);
  else if (name.length > TEMPLATE_NAME_MAX)
    errors.push(`Template name is at most ${TEMPLATE_NAME_MAX} characters`);
  if ((draft.description?.trim().length ?? 0) > TEMPLATE_DESCRIPTION_MAX)
    errors.push(`Description is at most ${TEMPLATE_DESCRIPTION_MAX} characters`);
  if (!draft.category) errors.push(TEMPLATE_MESSAGES.categoryRequired);
  else if (!(TEMPLATE_CATEGORIES as readonly string[]).includes(draft.category))
    errors.push(`Category must be one of: ${TEMPLATE_CATEGORIES.join(', ')}`);
  const subject = draft.subject_template?.trim() ?? '';
  if (!subject) errors.push(TEMPLATE_MESSAGES.subjectRequired);
  else if (subject.length > TEMPLATE_SUBJECT_MAX)
    errors.push(`Subject template is at most ${TEMPLATE_SUBJECT_MAX} characters`);
  if (/[\r\n]/.test(subject)) errors.push('Subject template must be a single line');
  const html = draft.content_html_template ?? '';
  if (!html.trim()) errors.push(TEMPLATE_MESSAGES.htmlRequired);
  else if (utf8Bytes(html) > TEMPLATE_HTML_MAX_BYTES)
    errors.push(
      `HTML template is ${kb(utf8Bytes(html))}; keep it under 100 KB (Gmail clips larger emails, hiding the unsubscribe link)`,
    );
  const text = draft.content_text_template ?? '';
  if (utf8Bytes(text) > TEMPLATE_TEXT_MAX_BYTES)
    errors.push(`Text template is ${kb(utf8Bytes(text))}; keep it under 100 KB`);
  const level = draft.personalization_level;
  if (level && !(TEMPLATE_PERSONALIZATION_LEVELS as readonly string[]).includes(level))
    errors.push(`Personalization level must be one of: ${TEMPLATE_PERSONALIZATION_LEVELS.join(', ')}`);
}

/** Each declared variable's own problems; returns the well-formed ones by key. */
function checkVariables(
  entries: readonly Record<string, unknown>[],
  errors: string[],
): Map<string, TemplateVariable> {
  const declared = new Map<string, TemplateVariable>();
  if (entries.length > TEMPLATE_MAX_VARIABLES) errors.push(`At most ${TEMPLATE_MAX_VARIABLES} variables`);
  entries.slice(0, TEMPLATE_MAX_VARIABLES).forEach((entry, i) => {
    const where = `Variable ${i + 1}`;
    const parsed = templateVariableSchema.safeParse(entry);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push(`${where}: ${issue.message}`);
      return;
    }
    const variable = parsed.data;
    if (declared.has(variable.key)) {
      errors.push(`${where}: the key "${variable.key}" is declared twice`);
      return;
    }
    declared.set(variable.key, variable);
    const fallback = variable.default_value?.trim();
    if (fallback && (variable.type === 'url' || variable.type === 'image') && !isSafeTemplateUrl(fallback))
      errors.push(`Variable "${variable.key}": the default value is not a valid URL (use https://...)`);
  });
  return declared;
}

/** Unclosed, malformed and reserved placeholders, with where they are; returns the names used. */
function checkPlaceholders(draft: Draft, errors: string[]): Set<string> {
  const used = new Set<string>();
  let placeholders = 0;
  for (const [field, label] of SOURCES) {
    const source = draft[field];
    if (!source) continue;
    const parsed = parseTemplate(source);
    placeholders += parsed.placeholderCount;
    for (const name of parsed.variables) used.add(name);
    for (const issue of parsed.issues.slice(0, 10)) {
      const { line } = templateLineOf(source, issue.index);
      const where = field === 'subject_template' ? label : `${label} line ${line}`;
      const what = JSON.stringify(issue.text);
      if (issue.kind === 'unclosed')
        errors.push(`${where}: placeholder ${what} is not closed (use {{name}} or {$name})`);
      else if (issue.kind === 'reserved')
        errors.push(`${where}: ${what} is a reserved name and cannot be a variable`);
      else errors.push(`${where}: ${what} is not a placeholder; use a variable name such as {{child_name}}`);
    }
    if (parsed.issueCount > 10) errors.push(`${label}: ${parsed.issueCount - 10} more placeholder problems`);
  }
  if (placeholders > TEMPLATE_MAX_PLACEHOLDERS)
    errors.push(`Too many placeholders (${placeholders}); at most ${TEMPLATE_MAX_PLACEHOLDERS}`);
  return used;
}

function checkVariableUse(declared: Map<string, TemplateVariable>, used: Set<string>, warnings: string[]) {
  const system = new Set(TEMPLATE_SYSTEM_VARIABLES);
  for (const name of used)
    if (!declared.has(name) && !system.has(name))
      warnings.push(`{{${name}}} is used but not declared; add it on the Variables tab`);
  for (const key of declared.keys())
    if (!used.has(key)) warnings.push(`Variable "${key}" is declared but not used`);
}

function checkHtml(html: string, errors: string[], warnings: string[]): string | null {
  if (!html.trim() || utf8Bytes(html) > TEMPLATE_HTML_MAX_BYTES) return null;
  const report = sanitizeTemplateHtml(html);
  if (report.removed.length > 0)
    errors.push(
      `Unsafe HTML removed: ${report.removed.join('; ')}. A template cannot run scripts or load other pages; take these out and validate again.`,
    );
  if (report.maxDepth > TEMPLATE_MAX_NESTING)
    errors.push(`HTML template is nested ${report.maxDepth} levels deep; at most ${TEMPLATE_MAX_NESTING}`);
  if (report.cssRules > TEMPLATE_MAX_CSS_RULES)
    errors.push(
      `HTML template has ${report.cssRules} CSS rules; at most ${TEMPLATE_MAX_CSS_RULES} (email needs few: remove unused styles)`,
    );
  if (report.imagesWithoutAlt > 0)
    warnings.push(
      report.imagesWithoutAlt === 1
        ? '1 image has no alt text; describe it for screen readers (alt="" if decorative)'
        : `${report.imagesWithoutAlt} images have no alt text; describe them for screen readers (alt="" if decorative)`,
    );
  return report.html;
}

function checkUnsubscribe(draft: Draft, used: Set<string>, warnings: string[]) {
  const category = draft.category as TemplateCategory | undefined;
  if (!category || !TEMPLATE_MARKETING_CATEGORIES.includes(category)) return;
  if (used.has(TEMPLATE_UNSUBSCRIBE_VARIABLE)) return;
  warnings.push(
    `No {{${TEMPLATE_UNSUBSCRIBE_VARIABLE}}} placeholder: ${TEMPLATE_CATEGORY_LABELS[category]} emails go to families in bulk and campaigns need an unsubscribe link`,
  );
}
