import {
  CAMPAIGN_MESSAGES,
  CAMPAIGN_QUICK_PROMPTS,
  campaignNameForSegment,
  normalizeVoiceTerms,
  type DraftVoice,
  type EmailTemplate,
  type GenerateContent,
  type GenerateContentResult,
  type GeneratedDraft,
  type GenerationFlag,
  type KnowledgeSearchResponse,
  type Segment,
  type VoiceSetting,
} from '@lantern/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { BadInputError, NotFoundError } from '../../http/errors';
import type { AiProvider } from '../../providers/ai/ai-provider';
import { audienceCounts, dataValidation, type AudienceCounts } from './campaign-audience';
import { campaignSegment, type CampaignSegments } from './campaign-editing';
import {
  avoidTermFlags,
  campaignPlainText,
  campaignVariables,
  sanitizeCampaignHtml,
  unsupportedFactFlags,
  visibleText,
} from './campaign-html';
import { writeDraftWithAi } from './ai-writer';
import {
  builtInLayout,
  fillTemplate,
  offlineDraft,
  type DraftInput,
  type DraftPassage,
  type DraftResource,
} from './offline-draft';
import type { VoiceSettings } from './voice-settings';

// POST /api/campaigns/generate-content: one draft per segment (individual) or one shared draft
// (single). With a chat model the model writes the body and we check it; without one (or when it
// fails) the offline draft is assembled from the same inputs. Either way the draft is sanitised,
// its placeholders kept, avoid terms and unsupported facts flagged, and its audience validated.

export type GenerationDeps = {
  db: Database;
  segments: CampaignSegments;
  voices: VoiceSettings;
  ai: AiProvider;
  knowledge: {
    search: (input: {
      query: string;
      limit?: number;
      threshold?: number;
    }) => Promise<KnowledgeSearchResponse>;
  };
  resources: {
    bySegment: (
      segment: string,
      limit: number,
    ) => Promise<{ id: string; title: string; description: string | null }[]>;
  };
  templates: { get: (id: string) => Promise<EmailTemplate> };
  schoolName: () => Promise<string>;
  log: FastifyBaseLogger;
};

const PASSAGE_LIMIT = 5;
const RESOURCES_PER_SEGMENT = 3;
export const OFFLINE_NOTE =
  'Offline draft: assembled without an AI provider from the template, voice setting, segment, knowledge base and resources. Review before sending.';

async function voiceOf(
  voices: VoiceSettings,
  given: GenerateContent['voice_settings'],
): Promise<DraftVoice & { name?: string }> {
  let voice: DraftVoice | VoiceSetting;
  if (typeof given === 'string') {
    try {
      voice = await voices.get(given);
    } catch (error) {
      if (error instanceof NotFoundError) throw new BadInputError('Voice setting not found');
      throw error;
    }
  } else voice = given ?? (await voices.getDefault());
  return {
    ...voice,
    avoid_terms: normalizeVoiceTerms(voice.avoid_terms),
    include_elements: normalizeVoiceTerms(voice.include_elements),
  };
}

async function templateOf(
  deps: GenerationDeps,
  id: string | null | undefined,
): Promise<EmailTemplate | null> {
  if (!id) return null;
  try {
    return await deps.templates.get(id);
  } catch (error) {
    if (error instanceof NotFoundError) throw new BadInputError(CAMPAIGN_MESSAGES.templateNotFound);
    throw error;
  }
}

async function passagesFor(
  deps: GenerationDeps,
  input: GenerateContent,
  flags: GenerationFlag[],
): Promise<DraftPassage[]> {
  if (!input.use_knowledge_base) return [];
  try {
    const query = [input.prompt, input.theme].filter(Boolean).join(' ').slice(0, 500);
    const { results } = await deps.knowledge.search({ query, limit: PASSAGE_LIMIT, threshold: 0.5 });
    if (!results.length)
      flags.push({ kind: 'needs_value', message: 'The knowledge base had no passage for this prompt.' });
    return results.map((r) => ({ document: r.document ?? 'Knowledge base', text: r.text }));
  } catch (error) {
    deps.log.warn({ err: error }, 'campaign draft: knowledge search failed');
    flags.push({
      kind: 'needs_value',
      message: 'The knowledge base could not be searched; the draft has no passages.',
    });
    return [];
  }
}

async function resourcesFor(
  deps: GenerationDeps,
  segments: Segment[],
): Promise<(DraftResource & { id: string })[]> {
  const seen = new Set<string>();
  const out: (DraftResource & { id: string })[] = [];
  for (const segment of segments)
    for (const r of await deps.resources.bySegment(segment.id, RESOURCES_PER_SEGMENT)) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      // Each family's own download link is issued at send time; the draft holds its placeholder.
      out.push({
        id: r.id,
        title: r.title,
        description: r.description,
        link: `{{resource_link_${out.length + 1}}}`,
      });
    }
  return out;
}

export async function generateContent(
  deps: GenerationDeps,
  input: GenerateContent,
): Promise<GenerateContentResult> {
  const [segments, voice, template, schoolName] = await Promise.all([
    Promise.all([...new Set(input.segment_ids)].map((id) => campaignSegment(deps.segments, id))),
    voiceOf(deps.voices, input.voice_settings),
    templateOf(deps, input.template_id),
    deps.schoolName(),
  ]);
  const sharedFlags: GenerationFlag[] = [];
  const groups = input.campaign_mode === 'single' ? [segments] : segments.map((s) => [s]);
  // The passages, each group's resources and its audience do not depend on each other: at once.
  const [passages, perGroup] = await Promise.all([
    passagesFor(deps, input, sharedFlags),
    Promise.all(
      groups.map(async (group) => ({
        resources: input.include_resources ? await resourcesFor(deps, group) : [],
        counts: await audienceCounts(
          deps.db,
          deps.segments,
          group.map((s) => s.id),
        ),
      })),
    ),
  ]);
  const useAi = deps.ai.hasChat;
  const results: GeneratedDraft[] = [];
  for (const [i, group] of groups.entries()) {
    const { resources, counts } = perGroup[i]!;
    const draftInput: DraftInput = {
      prompt: input.prompt,
      theme: input.theme ?? null,
      voice,
      level: input.personalization_level,
      schoolName,
      audience: {
        name: group.map((s) => s.name).join(', '),
        description: group.length === 1 ? group[0]!.description : null,
      },
      passages,
      resources,
      template: template,
    };
    results.push(
      await draftFor(deps, input, draftInput, { group, counts }, [...sharedFlags], useAi, segments.length),
    );
  }
  return {
    results,
    campaign_mode: input.campaign_mode,
    mode: results.some((r) => r.generation_metadata.generated_by === 'ai') ? 'ai' : 'offline',
    quick_prompts: [...CAMPAIGN_QUICK_PROMPTS],
  };
}

async function draftFor(
  deps: GenerationDeps,
  input: GenerateContent,
  draftInput: DraftInput,
  { group, counts }: { group: Segment[]; counts: AudienceCounts },
  flags: GenerationFlag[],
  useAi: boolean,
  segmentCount: number,
): Promise<GeneratedDraft> {
  let subject: string;
  let html: string;
  let generatedBy: 'ai' | 'offline' = 'offline';
  let missing: string[] = [];
  const aiBody = useAi ? await tryAi(deps, draftInput, flags) : null;
  if (aiBody) {
    generatedBy = 'ai';
    const sanitized = sanitizeCampaignHtml(aiBody.bodyHtml);
    if (sanitized.removed.length)
      flags.push({
        kind: 'html_removed',
        message: `Removed from the AI's HTML for safety: ${sanitized.removed.join(', ')}.`,
      });
    const body = { headline: aiBody.headline, bodyHtml: sanitized.html };
    const note = 'AI draft: review before sending.';
    if (draftInput.template) {
      const filled = fillTemplate(draftInput.template, body, draftInput.schoolName, note);
      ({ subject, html, missingValues: missing } = { ...filled, subject: aiBody.subject });
    } else {
      subject = aiBody.subject;
      html = builtInLayout(body, note);
    }
  } else {
    flags.push({ kind: 'offline', message: CAMPAIGN_MESSAGES.offlineDraftNote });
    ({ subject, html, missingValues: missing } = offlineDraft(draftInput, OFFLINE_NOTE));
  }
  for (const name of missing)
    flags.push({
      kind: 'needs_value',
      message: `The template's {{${name}}} has no value yet: fill it in before sending.`,
    });

  const text = visibleText(html);
  const sources = [
    draftInput.prompt,
    draftInput.theme ?? '',
    draftInput.schoolName,
    // The segments' own names and descriptions: a figure in them ('Open house 2026') is not new.
    draftInput.audience.name,
    draftInput.audience.description ?? '',
    ...draftInput.passages.map((p) => p.text),
    draftInput.template
      ? `${draftInput.template.subject_template} ${draftInput.template.content_html_template}`
      : '',
    ...draftInput.voice.include_elements,
  ];
  flags.push(...avoidTermFlags(`${subject} ${text}`, draftInput.voice.avoid_terms));
  flags.push(...unsupportedFactFlags(`${subject} ${text}`, sources));

  const variables = campaignVariables(subject, html);
  const validation = dataValidation(counts, variables);
  const single = group.length === 1 ? group[0]! : null;
  const baseName = draftInput.theme?.trim() || subject;
  return {
    segment_id: single && input.campaign_mode === 'individual' ? single.id : null,
    segment_ids: group.map((s) => s.id),
    segment_name: single ? single.name : null,
    name: single ? campaignNameForSegment(baseName, single.name, segmentCount) : baseName,
    subject,
    content_html: html,
    content_text: campaignPlainText(html),
    variables,
    estimated_recipients: validation.sendable_leads,
    generation_metadata: {
      personalization_level: draftInput.level,
      data_validation: validation,
      generated_by: generatedBy,
      model: null,
      prompt: input.prompt,
      theme: input.theme ?? null,
      voice_setting: draftInput.voice.name ?? null,
      avoid_terms: draftInput.voice.avoid_terms,
      template_id: draftInput.template ? (input.template_id ?? null) : null,
      knowledge_passages: draftInput.passages.map((p) => ({
        document: p.document,
        excerpt: p.text.slice(0, 300),
      })),
      resources: draftInput.resources.map((r) => ({
        id: (r as DraftResource & { id: string }).id,
        title: r.title,
        url: r.link,
      })),
      flags,
      generated_at: new Date().toISOString(),
    },
  };
}

async function tryAi(deps: GenerationDeps, draftInput: DraftInput, flags: GenerationFlag[]) {
  try {
    return await writeDraftWithAi(deps.ai, draftInput);
  } catch (error) {
    deps.log.warn({ err: error }, 'campaign draft: the AI provider failed; writing an offline draft');
    flags.push({
      kind: 'offline',
      message: `The AI provider failed (${(error as Error).message}); this is an offline draft instead.`,
    });
    return null;
  }
}
