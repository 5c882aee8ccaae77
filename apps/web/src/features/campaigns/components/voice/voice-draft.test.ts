import { builtinDefaultVoice, VOICE_MESSAGES, VOICE_PRESETS } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import {
  emptyVoiceDraft,
  toCloneVoiceBody,
  toCreateVoiceBody,
  toUpdateVoiceBody,
  toVoiceDraft,
  voiceDraftSchema,
} from './voice-draft';

const messages = (value: unknown) => {
  const result = voiceDraftSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('voiceDraftSchema', () => {
  it("says 'X is required' for every required field", () => {
    expect(messages({ ...emptyVoiceDraft(), preferred_length: '' })).toEqual([
      VOICE_MESSAGES.nameRequired,
      VOICE_MESSAGES.toneRequired,
      VOICE_MESSAGES.perspectiveRequired,
      VOICE_MESSAGES.styleRequired,
      VOICE_MESSAGES.lengthRequired,
      VOICE_MESSAGES.ctaRequired,
    ]);
  });

  it('accepts a preset as it is', () => {
    expect(messages(toVoiceDraft(VOICE_PRESETS.urgent))).toEqual([]);
  });
});

describe('voice bodies', () => {
  it('trims terms and ignores duplicates', () => {
    const draft = {
      ...toVoiceDraft(VOICE_PRESETS.professional),
      avoid_terms: [' slang ', 'Slang', '', 'jargon'],
    };
    expect(toCreateVoiceBody(draft).avoid_terms).toEqual(['slang', 'jargon']);
  });

  it('never sends is_default false on an update', () => {
    expect(toUpdateVoiceBody(toVoiceDraft(VOICE_PRESETS.empathetic))).not.toHaveProperty('is_default');
  });

  it('clones under a new name and not as the default', () => {
    const body = toCloneVoiceBody(builtinDefaultVoice(), 'Default Voice (Copy)');
    expect(body).toMatchObject({
      name: 'Default Voice (Copy)',
      is_default: false,
      tone: 'warm, supportive, professional',
    });
  });
});
