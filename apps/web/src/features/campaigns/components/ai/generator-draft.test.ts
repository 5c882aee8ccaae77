import { builtinDefaultVoice, CAMPAIGN_MESSAGES, type VoiceSetting } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import { emptyGeneratorDraft, generatorDraftSchema, toGenerateBody } from './generator-draft';

const saved: VoiceSetting = {
  ...builtinDefaultVoice(),
  id: '6f1c1f8e-0000-4000-8000-000000000001',
  name: 'Warm',
  is_default: false,
};

const messages = (value: unknown) => {
  const result = generatorDraftSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('generatorDraftSchema', () => {
  it('asks for a segment and a prompt in the spec words', () => {
    expect(messages(emptyGeneratorDraft())).toEqual([
      CAMPAIGN_MESSAGES.segmentRequired,
      CAMPAIGN_MESSAGES.promptRequired,
    ]);
  });

  it('needs a template in template mode', () => {
    const draft = { ...emptyGeneratorDraft(), segment_ids: ['s1'], prompt: 'Open day', use_template: true };
    expect(messages(draft)).toEqual([CAMPAIGN_MESSAGES.templateRequired]);
  });
});

describe('toGenerateBody', () => {
  const base = { ...emptyGeneratorDraft(), segment_ids: ['s1'], prompt: '  Open day  ' };

  it('sends a saved voice setting by its id', () => {
    expect(toGenerateBody({ ...base, voice_id: saved.id }, [saved]).voice_settings).toBe(saved.id);
  });

  it('sends the built-in default by its fields, which the server cannot look up', () => {
    const body = toGenerateBody(base, [builtinDefaultVoice()]);
    expect(body.voice_settings).toMatchObject({
      tone: 'warm, supportive, professional',
      preferred_length: '300-500',
    });
    expect(body.prompt).toBe('Open day');
    expect(body.template_id).toBeNull();
  });
});
