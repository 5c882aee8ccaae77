import {
  CAMPAIGN_LEVEL_VARIABLES,
  type CampaignPersonalizationLevel,
  type DraftVoice,
} from '@lantern/contracts';
import { AiProviderError, type AiProvider } from '../../providers/ai/ai-provider';
import type { DraftInput, DraftPassage } from './offline-draft';

// What campaigns ask of the model: a draft's subject and body, or an edit of a campaign's HTML.
// The prompt carries the voice, the personalization level (which placeholders it may use), the
// segment's name and description (never a child's own details: those are placeholders filled
// per recipient at send time), the school's name, the passages and the resources as links. The
// answer is JSON; what it says is checked afterwards (campaign-html.ts), never trusted.

const MAX_TOKENS = 2500;

function voiceLines(voice: DraftVoice): string[] {
  return [
    `Tone: ${voice.tone}.`,
    `Perspective: write as ${voice.perspective}.`,
    `Style: ${voice.style}.`,
    `Call to action style: ${voice.cta_style}.`,
    `Length: ${voice.preferred_length} words.`,
    voice.avoid_terms.length ? `Never use these terms: ${voice.avoid_terms.join('; ')}.` : '',
    voice.include_elements.length ? `Include: ${voice.include_elements.join('; ')}.` : '',
  ].filter(Boolean);
}

function placeholderRules(level: CampaignPersonalizationLevel): string {
  const allowed = CAMPAIGN_LEVEL_VARIABLES[level].map((v) => `{{${v}}}`).join(', ');
  return `Personalization level: ${level}. You may use only these placeholders, written exactly so: ${allowed}. They are filled for each family when the email is sent; never write a real name, age or need in their place.`;
}

const FACT_RULE =
  'Use only facts stated in the passages or in the request. Never invent prices, fees, dates, times, percentages or other figures; where one is needed and not given, write [add detail].';

function passagesBlock(passages: DraftPassage[]): string {
  if (!passages.length) return 'Knowledge base passages: none.';
  return `Knowledge base passages (the only facts you may state):\n${passages
    .map((p, i) => `[${i + 1}] (${p.document}) ${p.text.replace(/\s+/g, ' ').slice(0, 1500)}`)
    .join('\n')}`;
}

/** The model's JSON answer, or an AiProviderError saying what was wrong with it. */
function parseAnswer<T extends Record<string, unknown>>(content: string, keys: (keyof T)[]): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    throw new AiProviderError('The AI provider answered with something other than JSON', 'bad_response');
  }
  const answer = parsed as T;
  for (const key of keys)
    if (typeof answer?.[key] !== 'string' || !(answer[key] as string).trim())
      throw new AiProviderError(`The AI provider's answer has no ${String(key)}`, 'bad_response');
  return answer;
}

export type AiDraftBody = { subject: string; headline: string; bodyHtml: string };

/** A draft's subject, headline and body HTML (the layout or template and footer are ours). */
export async function writeDraftWithAi(ai: AiProvider, input: DraftInput): Promise<AiDraftBody> {
  const system = [
    `You write email campaigns for ${input.schoolName}, a private school where many families have children with special needs.`,
    ...voiceLines(input.voice),
    placeholderRules(input.level),
    FACT_RULE,
    'Never give medical advice or make guarantees about outcomes.',
    'Answer with one JSON object: {"subject": "...", "headline": "...", "content_html": "..."}. content_html is the body only (paragraphs, headings, lists, links): no <html>, <head>, <style> or <script>, and no unsubscribe link (it is added for you). Start with a greeting using {{parent_name}}.',
  ].join('\n');
  const user = [
    `Audience: ${input.audience.name}${input.audience.description ? ` - ${input.audience.description}` : ''}.`,
    `Request: ${input.prompt}`,
    input.theme ? `Theme: ${input.theme}` : '',
    passagesBlock(input.passages),
    input.resources.length
      ? `Resources to link (use these hrefs exactly):\n${input.resources.map((r) => `- ${r.title}: ${r.link}`).join('\n')}`
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const { content } = await ai.chat({
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: user },
    ],
    responseFormat: 'json',
    temperature: 0.4,
    maxTokens: MAX_TOKENS,
  });
  const answer = parseAnswer<{ subject: string; headline?: string; content_html: string }>(content, [
    'subject',
    'content_html',
  ]);
  return {
    subject: answer.subject.trim().slice(0, 200),
    headline: (typeof answer.headline === 'string' && answer.headline.trim()) || answer.subject.trim(),
    bodyHtml: answer.content_html,
  };
}

export type AiEdit = { contentHtml: string; changeSummary: string };

/** The campaign's HTML changed as the instruction says, with a one-line summary of the change. */
export async function editWithAi(
  ai: AiProvider,
  input: {
    html: string;
    subject: string;
    instruction: string;
    level: CampaignPersonalizationLevel;
    avoidTerms: readonly string[];
    passages: DraftPassage[];
    schoolName: string;
  },
): Promise<AiEdit> {
  const system = [
    `You edit an email campaign of ${input.schoolName}, a private school where many families have children with special needs.`,
    'Change only what the instruction asks; keep everything else as it is.',
    'Keep every placeholder such as {{parent_name}} or {{unsubscribe}} exactly as written, and keep the unsubscribe link.',
    placeholderRules(input.level),
    input.avoidTerms.length ? `Never use these terms: ${input.avoidTerms.join('; ')}.` : '',
    FACT_RULE,
    'Answer with one JSON object: {"content_html": "the whole edited HTML", "change_summary": "one sentence saying what changed"}. No <script>.',
  ]
    .filter(Boolean)
    .join('\n');
  const user = [
    `Instruction: ${input.instruction}`,
    `Subject: ${input.subject}`,
    passagesBlock(input.passages),
    `Current HTML:\n${input.html}`,
  ].join('\n\n');
  const { content } = await ai.chat({
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: user },
    ],
    responseFormat: 'json',
    temperature: 0.2,
    maxTokens: Math.max(MAX_TOKENS, Math.ceil(input.html.length / 2)),
  });
  const answer = parseAnswer<{ content_html: string; change_summary?: string }>(content, ['content_html']);
  return {
    contentHtml: answer.content_html,
    changeSummary:
      (typeof answer.change_summary === 'string' && answer.change_summary.trim().slice(0, 500)) ||
      `Edited: ${input.instruction.slice(0, 200)}`,
  };
}
