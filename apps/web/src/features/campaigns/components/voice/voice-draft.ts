import {
  normalizeVoiceTerms,
  VOICE_DEFAULT_PREFERRED_LENGTH,
  VOICE_FIELD_MAX,
  VOICE_MESSAGES,
  VOICE_NAME_MAX,
  VOICE_PREFERRED_LENGTHS,
  type VoiceFields,
  type VoiceSetting,
  type VoiceSettingCreateInput,
  type VoiceSettingUpdateInput,
} from '@lantern/contracts';
import { z } from 'zod';

const required = (message: string, max = VOICE_FIELD_MAX) =>
  z
    .string()
    .trim()
    .min(1, message)
    .max(max, `${message.replace(' is required', '')} is at most ${max} characters`);

/** The Voice Setting form (5.7): the required fields say 'X is required'. */
export const voiceDraftSchema = z.object({
  name: required(VOICE_MESSAGES.nameRequired, VOICE_NAME_MAX),
  description: z.string().max(1000),
  tone: required(VOICE_MESSAGES.toneRequired),
  perspective: required(VOICE_MESSAGES.perspectiveRequired),
  style: required(VOICE_MESSAGES.styleRequired),
  preferred_length: z
    .string()
    .min(1, VOICE_MESSAGES.lengthRequired)
    .refine(
      (v) => v === '' || (VOICE_PREFERRED_LENGTHS as readonly string[]).includes(v),
      VOICE_MESSAGES.lengthInvalid,
    ),
  cta_style: required(VOICE_MESSAGES.ctaRequired),
  avoid_terms: z.array(z.string(), VOICE_MESSAGES.avoidTermsList),
  include_elements: z.array(z.string(), VOICE_MESSAGES.includeElementsList),
  is_default: z.boolean(),
});
export type VoiceDraft = z.infer<typeof voiceDraftSchema>;

export const emptyVoiceDraft = (): VoiceDraft => ({
  name: '',
  description: '',
  tone: '',
  perspective: '',
  style: '',
  preferred_length: VOICE_DEFAULT_PREFERRED_LENGTH,
  cta_style: '',
  avoid_terms: [],
  include_elements: [],
  is_default: false,
});

/** A saved setting or a preset as the form's values. */
export const toVoiceDraft = (voice: VoiceFields & { is_default?: boolean }): VoiceDraft => ({
  name: voice.name,
  description: voice.description ?? '',
  tone: voice.tone,
  perspective: voice.perspective,
  style: voice.style,
  preferred_length: voice.preferred_length,
  cta_style: voice.cta_style,
  avoid_terms: [...voice.avoid_terms],
  include_elements: [...voice.include_elements],
  is_default: voice.is_default ?? false,
});

function fieldsOf(draft: VoiceDraft) {
  return {
    name: draft.name.trim(),
    description: draft.description.trim() || null,
    tone: draft.tone.trim(),
    perspective: draft.perspective.trim(),
    style: draft.style.trim(),
    preferred_length: draft.preferred_length,
    cta_style: draft.cta_style.trim(),
    avoid_terms: normalizeVoiceTerms(draft.avoid_terms),
    include_elements: normalizeVoiceTerms(draft.include_elements),
  };
}

export const toCreateVoiceBody = (draft: VoiceDraft): VoiceSettingCreateInput => ({
  ...fieldsOf(draft),
  is_default: draft.is_default,
});

/** PUT takes is_default only as true (another setting is made default to unset this one). */
export const toUpdateVoiceBody = (draft: VoiceDraft): VoiceSettingUpdateInput => ({
  ...fieldsOf(draft),
  ...(draft.is_default ? { is_default: true as const } : {}),
});

/** A clone: the same fields, named '{name} (Copy)', never the default. */
export const toCloneVoiceBody = (voice: VoiceSetting, name: string): VoiceSettingCreateInput => ({
  ...fieldsOf(toVoiceDraft(voice)),
  name,
  is_default: false,
});
