import { CAMPAIGN_PERSONALIZATION_VARIABLES, escapeTemplateHtml, parseTemplate } from '@lantern/contracts';

/** The sample family every preview shows (the spec's sample data, one value per variable). */
export const CAMPAIGN_SAMPLE_VALUES: Readonly<Record<string, string>> = Object.fromEntries(
  CAMPAIGN_PERSONALIZATION_VARIABLES.map((variable) => [variable.key, variable.sample]),
);

const FILLED_MARK =
  'background:#fef3c7;color:#78350f;border-radius:3px;padding:0 2px;outline:1px dashed #b45309';
const MISSING_MARK =
  'background:#fee2e2;color:#7f1d1d;border-radius:3px;padding:0 2px;outline:1px dashed #b91c1c';

export type PreviewBody = {
  /** The HTML to render: the body of a full document, or the HTML as written. */
  html: string;
  isFullDocument: boolean;
};

/** A full document ('<html>…<body>…</body>') is previewed by its body only (2.7). */
export function previewBodyOf(html: string): PreviewBody {
  if (!/<html[\s>]|<body[\s>]|<!doctype/i.test(html)) return { html, isFullDocument: false };
  const open = /<body\b[^>]*>/i.exec(html);
  if (!open) return { html: '', isFullDocument: true };
  const start = open.index + open[0].length;
  const close = html.toLowerCase().lastIndexOf('</body');
  return { html: html.slice(start, close > start ? close : html.length), isFullDocument: true };
}

/** Whether the text so far ends inside a tag ('<a href="'), where a <mark> would break the markup. */
function endsInsideTag(text: string, wasInside: boolean): boolean {
  const open = text.lastIndexOf('<');
  const close = text.lastIndexOf('>');
  if (open === -1 && close === -1) return wasInside;
  return open > close;
}

export type HighlightedPreview = { html: string; used: string[]; missing: string[] };

/**
 * The HTML with every placeholder filled with sample data and, in the text, highlighted: known
 * variables in amber, unknown ones in red with their name. Values are escaped; inside a tag (an
 * attribute) the value goes in plain, so links keep working. Nothing here runs: the result is shown
 * in a sandboxed frame.
 */
export function highlightPlaceholders(
  html: string,
  samples: Readonly<Record<string, string>> = CAMPAIGN_SAMPLE_VALUES,
): HighlightedPreview {
  const { parts } = parseTemplate(html);
  const out: string[] = [];
  const used = new Set<string>();
  const missing = new Set<string>();
  let insideTag = false;
  for (const part of parts) {
    if (part.kind === 'text') {
      out.push(part.value);
      insideTag = endsInsideTag(part.value, insideTag);
      continue;
    }
    if (part.kind === 'invalid') continue;
    used.add(part.name);
    const sample = Object.prototype.hasOwnProperty.call(samples, part.name) ? samples[part.name] : undefined;
    if (sample === undefined) missing.add(part.name);
    const value = escapeTemplateHtml(sample ?? `[${part.name}]`);
    if (insideTag) out.push(value);
    else {
      const style = sample === undefined ? MISSING_MARK : FILLED_MARK;
      out.push(`<mark data-variable="${escapeTemplateHtml(part.name)}" style="${style}">${value}</mark>`);
    }
  }
  return { html: out.join(''), used: [...used], missing: [...missing] };
}

/** The subject with sample data, as plain text. */
export function previewSubject(subject: string, samples = CAMPAIGN_SAMPLE_VALUES): string {
  return parseTemplate(subject)
    .parts.map((part) => {
      if (part.kind === 'text') return part.value;
      if (part.kind === 'invalid') return '';
      return Object.prototype.hasOwnProperty.call(samples, part.name) ? samples[part.name] : `[${part.name}]`;
    })
    .join('');
}
