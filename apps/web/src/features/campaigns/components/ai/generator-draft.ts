import {
  BUILTIN_VOICE_ID,
  CAMPAIGN_DEFAULT_PERSONALIZATION,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_MODES,
  CAMPAIGN_PERSONALIZATION_LEVELS,
  CAMPAIGN_PROMPT_MAX,
  CAMPAIGN_THEME_MAX,
  type GenerateContentInput,
  type VoiceSetting,
} from '@lantern/contracts';
import { z } from 'zod';

/** The AI Content Generator's form (5.5). */
export const generatorDraftSchema = z
  .object({
    segment_ids: z.array(z.string()).min(1, CAMPAIGN_MESSAGES.segmentRequired),
    prompt: z.string().trim().min(1, CAMPAIGN_MESSAGES.promptRequired).max(CAMPAIGN_PROMPT_MAX),
    theme: z.string().trim().max(CAMPAIGN_THEME_MAX),
    /** A saved voice setting's id, or 'builtin' for the built-in default. */
    voice_id: z.string(),
    personalization_level: z.enum(CAMPAIGN_PERSONALIZATION_LEVELS),
    campaign_mode: z.enum(CAMPAIGN_MODES),
    include_resources: z.boolean(),
    use_knowledge_base: z.boolean(),
    use_template: z.boolean(),
    template_id: z.string(),
  })
  .refine((draft) => !draft.use_template || draft.template_id !== '', {
    message: CAMPAIGN_MESSAGES.templateRequired,
    path: ['template_id'],
  });
export type GeneratorDraft = z.infer<typeof generatorDraftSchema>;

export const emptyGeneratorDraft = (): GeneratorDraft => ({
  segment_ids: [],
  prompt: '',
  theme: '',
  voice_id: BUILTIN_VOICE_ID,
  personalization_level: CAMPAIGN_DEFAULT_PERSONALIZATION,
  campaign_mode: 'individual',
  include_resources: false,
  use_knowledge_base: true,
  use_template: false,
  template_id: '',
});

/** The generate-content body: a saved voice by id, the built-in default by its fields. */
export function toGenerateBody(draft: GeneratorDraft, voices: readonly VoiceSetting[]): GenerateContentInput {
  const voice = voices.find((v) => v.id === draft.voice_id);
  const voiceSettings =
    !voice || voice.id === BUILTIN_VOICE_ID
      ? voice
        ? {
            name: voice.name,
            tone: voice.tone,
            perspective: voice.perspective,
            style: voice.style,
            avoid_terms: voice.avoid_terms,
            include_elements: voice.include_elements,
            preferred_length: voice.preferred_length,
            cta_style: voice.cta_style,
          }
        : null
      : voice.id;
  return {
    segment_ids: draft.segment_ids,
    prompt: draft.prompt.trim(),
    theme: draft.theme.trim() || null,
    voice_settings: voiceSettings,
    include_resources: draft.include_resources,
    use_knowledge_base: draft.use_knowledge_base,
    campaign_mode: draft.campaign_mode,
    personalization_level: draft.personalization_level,
    use_template: draft.use_template,
    template_id: draft.use_template ? draft.template_id : null,
  };
}
