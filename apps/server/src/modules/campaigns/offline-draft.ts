import {
  CAMPAIGN_LEVEL_VARIABLES,
  parseTemplate,
  type CampaignPersonalizationLevel,
  type DraftVoice,
} from '@lantern/contracts';
import { escapeHtml, UNSUBSCRIBE_FOOTER } from './campaign-html';

// A draft written without an AI provider, deterministically: the voice setting's words, the
// segment's description, the knowledge passages retrieved for the prompt and the segment's
// resources, in the built-in layout or the chosen template. It says it is an offline draft (an
// HTML comment here, a flag in generation_metadata) and marks in [brackets] what the admin writes.

export type DraftPassage = { document: string; text: string };
export type DraftResource = { title: string; description: string | null; link: string };
export type DraftTemplate = {
  subject_template: string;
  content_html_template: string;
  variables_schema: { key: string; type: string; default_value: string | null }[];
};

export type DraftInput = {
  prompt: string;
  theme: string | null;
  voice: DraftVoice;
  level: CampaignPersonalizationLevel;
  schoolName: string;
  /** The segment (or, for one shared draft, the segments' names joined) and its description. */
  audience: { name: string; description: string | null };
  passages: DraftPassage[];
  resources: DraftResource[];
  template: DraftTemplate | null;
};

export type DraftBody = { headline: string; bodyHtml: string };
export type Draft = { subject: string; html: string; missingValues: string[] };

/** How many passages fit the preferred length (150-250 words: one; 500-800: five). */
const PASSAGES_FOR_LENGTH: Record<string, number> = {
  '150-250': 1,
  '250-400': 2,
  '300-500': 3,
  '400-600': 4,
  '500-800': 5,
};

const sentence = (text: string) => {
  const t = text.trim().replace(/\s+/g, ' ');
  if (!t) return t;
  const capital = t[0]!.toUpperCase() + t.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

/** The first sentences of a passage, up to about `max` characters, never cut mid-word. */
export function passageSummary(text: string, max = 320): string {
  const clean = text
    .replace(/^#+\s*/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  const sentences = clean.match(/[^.!?]+[.!?]+(\s|$)/g) ?? [clean];
  let out = '';
  for (const s of sentences) {
    if (out && (out + s).length > max) break;
    out += s;
  }
  if (out.length > max) out = `${out.slice(0, max).replace(/\s+\S*$/, '')}…`;
  return out.trim();
}

/** The headline: the theme, else the prompt's first clause. */
export function draftHeadline(prompt: string, theme: string | null): string {
  const source =
    theme?.trim() ||
    prompt
      .trim()
      .split(/[.!?\n]/)[0]!
      .trim();
  const short = source.length > 90 ? `${source.slice(0, 90).replace(/\s+\S*$/, '')}…` : source;
  return short[0]!.toUpperCase() + short.slice(1);
}

// Ready sentences for the include elements of the default voice and the presets; any other
// element gets a bracketed line for the admin to fill.
const ELEMENT_LINES: Record<string, (schoolName: string) => string> = {
  'practical tips': () =>
    'A small, steady routine helps most children: keep mornings predictable, prepare the next day together the evening before, and celebrate each small step.',
  'community support': (school) =>
    `You are not on your own. Families at ${school} share what worked for them, and our staff are always glad to talk things through.`,
  'next steps': () =>
    'If you would like to take the next step, reply to this email and we will arrange a time that suits your family.',
  'key facts': () =>
    'The key points are set out above; reply to this email if you would like any of them in more detail.',
  'contact details': (school) => `You can reach the ${school} admissions team by replying to this email.`,
  deadline: () => '[Add the date families need to act by]',
  'what to prepare': () => '[List what families should have ready]',
  'shared experiences': () =>
    'Many of our families tell us that the first conversation was the hardest part, and that it helped to know others had felt the same.',
};

function elementParagraph(element: string, schoolName: string): string {
  const line = ELEMENT_LINES[element.toLowerCase()];
  const text = line ? line(schoolName) : `[Add a line about ${element}]`;
  return `<p><strong>${escapeHtml(sentenceCase(element))}:</strong> ${escapeHtml(text)}</p>`;
}

const sentenceCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function callToAction(cta: string): string {
  const style = cta.toLowerCase();
  if (/urgent|now|today|deadline|act/.test(style))
    return 'Please reply today so we can hold a place for your family.';
  if (/invit/.test(style))
    return 'We would be delighted to welcome you: simply reply to this email to arrange a visit.';
  return "Whenever you feel ready, we'd love to hear from you: simply reply to this email and we will take it from there.";
}

/** The personalised lines the level allows (5.8: light names, medium and age, heavy and needs). */
function personalLine(level: CampaignPersonalizationLevel): string | null {
  const allowed = new Set(CAMPAIGN_LEVEL_VARIABLES[level]);
  if (allowed.has('special_needs'))
    return '<p>We have been thinking about how we can best support {{child_name}} ({{child_age}}), including with {{special_needs}}.</p>';
  if (allowed.has('child_age'))
    return '<p>We have been thinking about how we can best support {{child_name}} at age {{child_age}}.</p>';
  return null;
}

/** The draft's body: greeting, purpose, audience, passages, include elements, resources, CTA. */
export function offlineDraftBody(input: DraftInput): DraftBody {
  const { voice, audience, schoolName } = input;
  const headline = draftHeadline(input.prompt, input.theme);
  const passages = input.passages.slice(0, PASSAGES_FOR_LENGTH[voice.preferred_length] ?? 3);
  const parts: string[] = [
    '<p>Dear {{parent_name}},</p>',
    `<p>${escapeHtml(`As ${withArticle(voice.perspective)}, we wanted to write to you about something that matters to families like yours.`)}</p>`,
    `<p>${escapeHtml(sentence(input.prompt))}</p>`,
  ];
  const personal = personalLine(input.level);
  if (personal) parts.push(personal);
  if (audience.description?.trim())
    parts.push(
      `<p>${escapeHtml(`We are writing to families in our ${audience.name} group: ${sentence(audience.description.trim()).replace(/^./, (c) => c.toLowerCase())}`)}</p>`,
    );
  if (passages.length) {
    parts.push('<h2>What you should know</h2>');
    parts.push(`<ul>${passages.map((p) => `<li>${escapeHtml(passageSummary(p.text))}</li>`).join('')}</ul>`);
  } else {
    parts.push('<p>[Add the details families need: dates, places and who to contact]</p>');
  }
  for (const element of voice.include_elements) parts.push(elementParagraph(element, schoolName));
  if (input.resources.length) {
    parts.push('<h2>Resources for your family</h2>');
    parts.push(
      `<ul>${input.resources
        .map(
          (r) =>
            `<li><a href="${escapeHtml(r.link)}">${escapeHtml(r.title)}</a>${r.description ? ` - ${escapeHtml(r.description)}` : ''}</li>`,
        )
        .join('')}</ul>`,
    );
  }
  parts.push(`<p>${escapeHtml(callToAction(voice.cta_style))}</p>`);
  parts.push(`<p>Warm regards,<br>The ${escapeHtml(schoolName)} team</p>`);
  return { headline, bodyHtml: parts.join('\n') };
}

const withArticle = (phrase: string) => {
  const p = phrase.trim() || 'a school community';
  if (/^(a|an|the|our|your)\s/i.test(p)) return p;
  return `${/^[aeiou]/i.test(p) ? 'an' : 'a'} ${p}`;
};

/** The built-in layout: a 600 px column, the headline, the body and the unsubscribe footer. */
export function builtInLayout(body: DraftBody, note: string): string {
  return [
    `<!-- ${note.replace(/--/g, '-')} -->`,
    '<div style="font-family:Arial,Helvetica,sans-serif;max-width:600px;margin:0 auto;padding:24px;color:#1f2937;line-height:1.6">',
    `<h1 style="font-size:24px;color:#111827">${escapeHtml(body.headline)}</h1>`,
    body.bodyHtml,
    UNSUBSCRIBE_FOOTER,
    '</div>',
  ].join('\n');
}

/** Keys a template's content variables commonly have: the headline's and the body's. */
const HEADLINE_KEYS = new Set(['headline', 'title', 'heading', 'event_name', 'resource_title']);
/** Placeholders a recipient's data fills at send time: kept as placeholders. */
const RECIPIENT_KEYS = new Set([
  'parent_name',
  'name',
  'first_name',
  'child_name',
  'child_age',
  'timeline',
  'special_needs',
  'email',
  'unsubscribe',
  'forward',
  'segment_name',
]);

/**
 * The chosen template with its content variables filled: html variables with the body (the first)
 * or left to the author, the headline, the school's name; recipient placeholders kept. Variables
 * with no value and no default are returned so the draft can flag them.
 */
export function fillTemplate(
  template: DraftTemplate,
  body: DraftBody,
  schoolName: string,
  note: string,
): Draft {
  const types = new Map(template.variables_schema.map((v) => [v.key, v]));
  const missing = new Set<string>();
  let bodyUsed = false;
  const fill = (source: string, html: boolean) =>
    parseTemplate(source)
      .parts.map((part) => {
        if (part.kind === 'text') return part.value;
        if (part.kind === 'invalid') return '';
        const name = part.name;
        const spec = types.get(name);
        if (RECIPIENT_KEYS.has(name)) return `{{${name}}}`;
        if (name === 'school_name') return html ? escapeHtml(schoolName) : schoolName;
        if (HEADLINE_KEYS.has(name)) return html ? escapeHtml(body.headline) : body.headline;
        if (html && spec?.type === 'html' && !bodyUsed) {
          bodyUsed = true;
          return body.bodyHtml;
        }
        if (spec?.default_value) return `{{${name}}}`;
        missing.add(name);
        return `{{${name}}}`;
      })
      .join('');
  const subject = fill(template.subject_template, false);
  let html = fill(template.content_html_template, true);
  // A template with no html variable still carries the draft: before </body>, or at the end.
  if (!bodyUsed) {
    const close = html.search(/<\/body>/i);
    html =
      close < 0
        ? `${html}\n${body.bodyHtml}`
        : `${html.slice(0, close)}${body.bodyHtml}\n${html.slice(close)}`;
  }
  if (!/\{\{\s*unsubscribe\s*\}\}|\{\$unsubscribe\}/.test(html)) html = `${html}\n${UNSUBSCRIBE_FOOTER}`;
  return { subject, html: `<!-- ${note.replace(/--/g, '-')} -->\n${html}`, missingValues: [...missing] };
}

/** The whole offline draft. */
export function offlineDraft(input: DraftInput, note: string): Draft {
  const body = offlineDraftBody(input);
  if (input.template) return fillTemplate(input.template, body, input.schoolName, note);
  return { subject: body.headline, html: builtInLayout(body, note), missingValues: [] };
}
