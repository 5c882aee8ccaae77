import { compactTemplateUrl, extractTemplateVariables, type GenerationFlag } from '@lantern/contracts';
import { convert } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';

// The checks every campaign HTML goes through: sanitising (what a model writes is never trusted),
// the placeholders it must keep, the voice's avoid terms, and facts no source supports.

// prettier-ignore
const ALLOWED_TAGS = [
  'html', 'head', 'body', 'meta', 'title', 'style',
  'div', 'span', 'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'a', 'img', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption',
  'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sup', 'sub',
  'blockquote', 'pre', 'code', 'center', 'section', 'header', 'footer', 'mark',
];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    // prettier-ignore
    '*': ['class', 'style', 'align', 'valign', 'width', 'height', 'bgcolor', 'border', 'role', 'lang', 'dir',
      'title', 'colspan', 'rowspan', 'cellpadding', 'cellspacing'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    meta: ['charset', 'name', 'content'],
  },
  // Relative values ({{unsubscribe}}, /path) pass; javascript:, data: and the like do not.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  allowVulnerableTags: true, // <style> is kept (email CSS); its content is checked below
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
};

const DANGEROUS_CSS_SOURCE = String.raw`expression\s*\(|javascript\s*:|vbscript\s*:|behavior\s*:|-moz-binding|@import`;
const DANGEROUS_CSS = new RegExp(DANGEROUS_CSS_SOURCE, 'gi');
const DANGEROUS_CSS_ONE = new RegExp(DANGEROUS_CSS_SOURCE, 'i');

/** What the sanitiser will remove, in an editor's words (checked on the input, cheaply). */
const REMOVAL_SIGNS: [RegExp, string][] = [
  [/<script\b/i, '<script> elements'],
  [/<(?:iframe|object|embed|form|base)\b/i, 'embedded or form elements'],
  [/\son[a-z]+\s*=/i, 'event handler attributes'],
];

/** URL attribute values as a browser reads them: entities decoded, spaces and controls gone. */
function urlValues(html: string): string[] {
  return [
    ...html.matchAll(/\b(?:href|src|action|formaction|background|poster)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi),
  ].map((m) =>
    compactTemplateUrl(
      m[1]!
        .replace(/^["']|["']$/g, '')
        .replace(/&#x([0-9a-f]+);?/gi, (_e, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        .replace(/&#(\d+);?/g, (_e, dec: string) => String.fromCharCode(Number(dec)))
        .replace(/&(?:tab|newline);/gi, ''),
    ),
  );
}
const SCRIPT_URL = /^(?:javascript|vbscript|data|livescript):/i;

/** The CSS of a document: style attributes (either quote) and style elements. */
const cssOf = (html: string) =>
  [...html.matchAll(/style\s*=\s*"([^"]*)"|style\s*=\s*'([^']*)'|<style[^>]*>([\s\S]*?)<\/style>/gi)]
    .map((m) => m[1] ?? m[2] ?? m[3] ?? '')
    .join('\n');

export type SanitizedHtml = { html: string; removed: string[] };

/** The HTML with only what email clients render: no scripts, handlers or script URLs. */
export function sanitizeCampaignHtml(html: string): SanitizedHtml {
  const removed = REMOVAL_SIGNS.filter(([sign]) => sign.test(html)).map(([, what]) => what);
  if (urlValues(html).some((url) => SCRIPT_URL.test(url))) removed.push('script or data URLs');
  const clean = sanitizeHtml(html, SANITIZE)
    .replace(
      /(<style[^>]*>)([\s\S]*?)(<\/style>)/gi,
      (_m, open, css, close) => `${open}${String(css).replace(DANGEROUS_CSS, '')}${close}`,
    )
    // Inline styles too: a style attribute with script in its CSS goes whole.
    .replace(/\sstyle="([^"]*)"/gi, (attribute, css: string) =>
      DANGEROUS_CSS_ONE.test(css) ? '' : attribute,
    );
  if (DANGEROUS_CSS_ONE.test(cssOf(html))) removed.push('script in CSS');
  return { html: clean, removed };
}

/** Plain text derived from the HTML (2.7: editing content auto-derives it); placeholders kept. */
export function campaignPlainText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true, linkBrackets: ['(', ')'] } },
      { selector: 'img', format: 'skip' },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'table', format: 'dataTable' },
    ],
  }).trim();
}

/** The placeholders ({{x}} and {$x}) of a subject and content, each once. */
export const campaignVariables = (...sources: (string | null | undefined)[]) =>
  extractTemplateVariables(...sources);

export const UNSUBSCRIBE_FOOTER =
  '<p style="font-size:12px;color:#6b7280;margin-top:24px">Would you rather not hear from us? <a href="{{unsubscribe}}">Unsubscribe</a> at any time.</p>';

/**
 * Keeps what the previous content personalised with: a dropped unsubscribe link is put back (every
 * bulk email needs one), a dropped greeting name is put back; any other dropped placeholder is
 * flagged for the editor.
 */
export function keepPlaceholders(before: string, after: string): { html: string; flags: GenerationFlag[] } {
  const had = new Set(campaignVariables(before));
  const has = new Set(campaignVariables(after));
  const flags: GenerationFlag[] = [];
  let html = after;
  for (const name of had) {
    if (has.has(name)) continue;
    if (name === 'unsubscribe') {
      html = appendToBody(html, UNSUBSCRIBE_FOOTER);
      flags.push({
        kind: 'placeholder_restored',
        message: 'The unsubscribe link was missing and has been put back.',
      });
    } else if (name === 'parent_name') {
      html = prependToBody(html, '<p>Dear {{parent_name}},</p>');
      flags.push({
        kind: 'placeholder_restored',
        message: 'The greeting with {{parent_name}} was missing and has been put back.',
      });
    } else {
      flags.push({
        kind: 'placeholder_dropped',
        message: `The edit removed the placeholder {{${name}}}: check that this is what you want.`,
      });
    }
  }
  return { html, flags };
}

function appendToBody(html: string, piece: string): string {
  const close = html.search(/<\/body>/i);
  return close < 0 ? `${html}\n${piece}` : `${html.slice(0, close)}${piece}\n${html.slice(close)}`;
}

function prependToBody(html: string, piece: string): string {
  const open = /<body[^>]*>/i.exec(html);
  if (!open) return `${piece}\n${html}`;
  const at = open.index + open[0].length;
  return `${html.slice(0, at)}\n${piece}${html.slice(at)}`;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The voice's avoid terms the text uses (any case, whole words), each once. */
export function avoidTermsUsed(text: string, terms: readonly string[]): string[] {
  return terms.filter((term) => {
    const words = term.trim();
    if (!words) return false;
    return new RegExp(
      `(^|[^\\p{L}\\p{N}])${escapeRegex(words).replace(/\s+/g, '\\s+')}($|[^\\p{L}\\p{N}])`,
      'iu',
    ).test(text);
  });
}

export const avoidTermFlags = (text: string, terms: readonly string[]): GenerationFlag[] =>
  avoidTermsUsed(text, terms).map((term) => ({
    kind: 'avoid_term' as const,
    message: `Uses "${term}", which the voice setting says to avoid.`,
  }));

// ---- facts: prices, dates, figures ----

const MONTHS =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec';
/** A price, a percentage, a date, a time or any other figure, as written. */
const FACT = new RegExp(
  [
    String.raw`[$£€]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:k|m|million|thousand))?`,
    String.raw`\d[\d,]*(?:\.\d+)?\s?(?:%|(?:percent|dollars|pounds|euros|usd|gbp|eur)\b)`,
    String.raw`\b(?:${MONTHS})\.?\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?`,
    String.raw`\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:${MONTHS})\b(?:,?\s+\d{4})?`,
    String.raw`\b\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}\b`,
    String.raw`\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b`,
    String.raw`\b\d[\d,]*(?:\.\d+)?\b`,
  ].join('|'),
  'giu',
);

const numbersOf = (text: string) => (text.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((n) => n.replace(/,/g, ''));
const monthsOf = (text: string) =>
  (text.toLowerCase().match(new RegExp(`\\b(?:${MONTHS})\\b`, 'g')) ?? []).map((m) => m.slice(0, 3));

/** Placeholders are not facts: {{child_age}} renders a number later. */
const withoutPlaceholders = (text: string) => text.replace(/\{\{[^{}]*\}\}|\{\$[^{}]*\}/g, ' ');

/**
 * Facts in the text that no source states: every number and month in a fact must appear in the
 * sources (knowledge passages, the prompt, the template). Each unsupported fact once.
 */
export function unsupportedFacts(text: string, sources: readonly string[]): string[] {
  const source = withoutPlaceholders(sources.join('\n'));
  const knownNumbers = new Set(numbersOf(source));
  const knownMonths = new Set(monthsOf(source));
  const found = new Map<string, string>();
  for (const match of withoutPlaceholders(text).matchAll(FACT)) {
    const fact = match[0].trim();
    const supported =
      numbersOf(fact).every((n) => knownNumbers.has(n)) && monthsOf(fact).every((m) => knownMonths.has(m));
    if (!supported && !found.has(fact.toLowerCase())) found.set(fact.toLowerCase(), fact);
  }
  return [...found.values()];
}

export const unsupportedFactFlags = (text: string, sources: readonly string[]): GenerationFlag[] =>
  unsupportedFacts(text, sources).map((fact) => ({
    kind: 'unsupported_fact' as const,
    message: `"${fact}" is not in the knowledge base passages or your prompt: check it before sending.`,
  }));

/** The text a reader sees (for the checks above): no tags, no CSS. */
export const visibleText = (html: string) =>
  sanitizeHtml(html.replace(/<(style|head)[^>]*>[\s\S]*?<\/\1>/gi, ' '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&amp;/g, '&')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Escapes text for HTML (drafts are assembled from stored words). */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
