import {
  compileTemplate,
  renderCompiledTemplate,
  type CompiledTemplate,
  type RenderVariableSpec,
  type TemplateVariables,
} from '@lantern/contracts';
import { convert } from 'html-to-text';
import juice from 'juice';
import { BadInputError } from '../../http/errors';
import { sanitizeTemplateHtml } from './template-html';

// A template made ready to send: its CSS inlined (juice) and its plain text derived from the HTML
// (html-to-text) once, with the placeholders still in place; then each recipient's email is three
// substitutions (subject, HTML, text) with the shared renderer. Campaigns call prepareTemplateEmail
// once per send and render per recipient; the preview call does the same for one.

export type TemplateSource = {
  subject_template: string;
  content_html_template: string;
  content_text_template: string | null;
  variables_schema: readonly RenderVariableSpec[];
};

export type RenderedEmail = {
  subject: string;
  html: string;
  text: string;
  /** Placeholders that had no value and no default (rendered as nothing). */
  missing: string[];
  /** Required variables among them. */
  missingRequired: string[];
};

export type PreparedTemplateEmail = {
  render: (variables: TemplateVariables) => RenderedEmail;
};

/** A required variable had no value and no default: the email is not sent. */
export class MissingTemplateVariablesError extends BadInputError {
  constructor(readonly names: string[]) {
    super(`Missing required template variables: ${names.join(', ')}`);
  }
}

// Tables in email are layout: read as blocks (html-to-text's default), never as data tables.
const TEXT_OPTIONS = {
  wordwrap: false as const,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'img', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
  ],
};

/** Plain text of some HTML; a crude tag strip if the converter gives up (it recurses on nesting). */
export function htmlToPlainText(html: string): string {
  try {
    return convert(html, TEXT_OPTIONS).trim();
  } catch {
    return html
      .replace(/<(style|head)[^>]*>[\s\S]*?<\/\1>/gi, '')
      .replace(/<[^>]*>/g, ' ')
      .replace(/[ \t]+/g, ' ')
      .trim();
  }
}

/** CSS inlined into style attributes for email clients; media queries stay in a <style>. */
export function inlineTemplateCss(html: string): string {
  try {
    return juice(html, { preserveMediaQueries: true, preserveFontFaces: true, applyWidthAttributes: false });
  } catch {
    // The saved HTML is validated (depth, size); if the inliner still fails, send it as written.
    return html;
  }
}

/** Subjects are one header line: any line break a value brings becomes a space. */
const oneLine = (subject: string) => subject.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();

/** Prepares a (saved, sanitised) template for rendering many times. */
export function prepareTemplateEmail(template: TemplateSource): PreparedTemplateEmail {
  const htmlKeys = template.variables_schema.filter((v) => v.type === 'html').map((v) => v.key);
  // Defaults of html variables too: sanitised in the HTML part, as text in the subject and text.
  const htmlDefault = (convert: (value: string) => string) =>
    template.variables_schema.map((v) =>
      v.type === 'html' && v.default_value ? { ...v, default_value: convert(v.default_value) } : v,
    );
  const htmlSchema = htmlDefault((v) => sanitizeTemplateHtml(v).html);
  const textSchema = htmlDefault(htmlToPlainText);
  const inlined = inlineTemplateCss(sanitizeTemplateHtml(template.content_html_template).html);
  const textSource = template.content_text_template?.trim()
    ? template.content_text_template
    : htmlToPlainText(inlined);
  const subject: CompiledTemplate = compileTemplate(template.subject_template);
  const html: CompiledTemplate = compileTemplate(inlined);
  const text: CompiledTemplate = compileTemplate(textSource);

  return {
    render(variables) {
      // Declared html values are HTML by intent: sanitised for the HTML part, converted for the text.
      const htmlValues = htmlKeys.length
        ? withHtmlValues(variables, htmlKeys, (v) => sanitizeTemplateHtml(v).html)
        : variables;
      const textValues = htmlKeys.length ? withHtmlValues(variables, htmlKeys, htmlToPlainText) : variables;
      const s = renderCompiledTemplate(subject, textValues, { mode: 'text', schema: textSchema });
      const h = renderCompiledTemplate(html, htmlValues, { mode: 'html', schema: htmlSchema });
      const t = renderCompiledTemplate(text, textValues, { mode: 'text', schema: textSchema });
      return {
        subject: oneLine(s.output),
        html: h.output,
        text: t.output,
        missing: union(s.missing, h.missing, t.missing),
        missingRequired: union(s.missingRequired, h.missingRequired, t.missingRequired),
      };
    },
  };
}

/**
 * One recipient's email (subject, HTML, text) from a saved template: the call the campaigns send
 * engine makes. Throws MissingTemplateVariablesError when a required variable has no value and no
 * default. For many recipients, prepare once with prepareTemplateEmail.
 */
export function renderTemplateEmail(
  template: TemplateSource | PreparedTemplateEmail,
  variables: TemplateVariables,
): RenderedEmail {
  const prepared = 'render' in template ? template : prepareTemplateEmail(template);
  const email = prepared.render(variables);
  if (email.missingRequired.length) throw new MissingTemplateVariablesError(email.missingRequired);
  return email;
}

function withHtmlValues(
  variables: TemplateVariables,
  keys: readonly string[],
  transform: (value: string) => string,
): TemplateVariables {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(variables)) out[key] = variables[key];
  for (const key of keys) {
    const value = Object.prototype.hasOwnProperty.call(variables, key) ? variables[key] : undefined;
    if (typeof value === 'string') out[key] = transform(value);
  }
  return out;
}

function union(...lists: string[][]): string[] {
  return [...new Set(lists.flat())];
}
