import { zodResolver } from '@hookform/resolvers/zod';
import {
  BUILTIN_VOICE_ID,
  builtinDefaultVoice,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_PERSONALIZATION_LEVELS,
  CAMPAIGN_QUICK_PROMPTS,
  TEMPLATE_PERSONALIZATION_LABELS,
  TEMPLATE_PERSONALIZATION_MEANINGS,
  type GenerateContentResult,
} from '@lantern/contracts';
import { Sparkles } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { Label, TextField } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { errorAt } from '@/lib/form';
import { useCompatibility, useSegmentOptions } from '../../api/audiences';
import { useAvailableTemplates, useGenerateContent } from '../../api/generate-content';
import { useDefaultVoice, useVoiceSettings } from '../../api/voice-settings';
import { seedFromGenerated, type CampaignSeed } from '../editor/campaign-draft';
import { RecipientsBanner, SegmentPicker } from '../editor/segment-picker';
import { GeneratedDrafts } from './generated-drafts';
import { TemplatePreview } from './template-preview';
import {
  emptyGeneratorDraft,
  generatorDraftSchema,
  toGenerateBody,
  type GeneratorDraft,
} from './generator-draft';

type AiContentGeneratorDialogProps = { onClose: () => void; onOpenDraft: (seed: CampaignSeed) => void };

/** The AI Content Generator (2.6, 5.5): drafts from a prompt, a voice, the knowledge base and resources. */
export function AiContentGeneratorDialog({ onClose, onOpenDraft }: AiContentGeneratorDialogProps) {
  const ids = {
    prompt: useId(),
    voice: useId(),
    level: useId(),
    template: useId(),
    segments: useId(),
    form: useId(),
  };
  const segments = useSegmentOptions();
  const voices = useVoiceSettings();
  const defaultVoice = useDefaultVoice();
  const templates = useAvailableTemplates();
  const generate = useGenerateContent();
  const [result, setResult] = useState<GenerateContentResult | null>(null);
  const form = useForm<GeneratorDraft>({
    resolver: zodResolver(generatorDraftSchema),
    defaultValues: emptyGeneratorDraft(),
  });
  const { errors } = form.formState;
  const [useTemplate, mode, segmentIds, templateId] = useWatch({
    control: form.control,
    name: ['use_template', 'campaign_mode', 'segment_ids', 'template_id'],
  });
  const compatibility = useCompatibility(segmentIds);
  // A failed list still offers the built-in default voice (8.7).
  const voiceOptions = useMemo(
    () => (voices.data && voices.data.length > 0 ? voices.data : [builtinDefaultVoice()]),
    [voices.data],
  );

  const defaultVoiceId = defaultVoice.data?.id;
  useEffect(() => {
    if (defaultVoiceId && form.getValues('voice_id') === BUILTIN_VOICE_ID)
      form.setValue('voice_id', defaultVoiceId);
  }, [defaultVoiceId, form]);

  const submit = (draft: GeneratorDraft) =>
    generate.mutate(toGenerateBody(draft, voiceOptions), { onSuccess: (data) => setResult(data) });
  const isBusy = generate.isPending;

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !isBusy && onClose()}
      title="AI Content Generator"
      description="Draft a campaign from a prompt, in one of your voices, with your knowledge base and resources."
      size="lg"
      footer={
        result ? (
          <>
            <Button variant="secondary" onClick={() => setResult(null)}>
              Back to the prompt
            </Button>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={isBusy}>
              Cancel
            </Button>
            <Button type="submit" form={ids.form} isLoading={isBusy}>
              {!isBusy && <Sparkles className="size-4" aria-hidden="true" />}
              {isBusy ? 'Generating...' : 'Generate Content'}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <GeneratedDrafts result={result} onOpen={(draft) => onOpenDraft(seedFromGenerated(draft))} />
      ) : (
        <form
          id={ids.form}
          noValidate
          onSubmit={(e) => void form.handleSubmit(submit)(e)}
          className="space-y-5"
        >
          {generate.isError && (
            <Alert tone="error">{errorMessage(generate.error, CAMPAIGN_MESSAGES.generateFailed)}</Alert>
          )}
          <fieldset disabled={isBusy} className="space-y-5">
            <section aria-labelledby={ids.segments}>
              <h3 id={ids.segments} className="mb-2 text-sm font-medium text-slate-800">
                Segments *
              </h3>
              {segments.isError && <Alert tone="error">{CAMPAIGN_MESSAGES.segmentsLoadFailed}</Alert>}
              <Controller
                control={form.control}
                name="segment_ids"
                render={({ field }) => (
                  <SegmentPicker
                    segments={segments.data?.filter((s) => s.active_leads > 0)}
                    isLoading={segments.isPending}
                    selected={field.value}
                    onChange={field.onChange}
                    isSingle={false}
                    error={errorAt(errors, 'segment_ids')}
                    errorId={`${ids.segments}-error`}
                  />
                )}
              />
              <RecipientsBanner
                selectedCount={segmentIds.length}
                compatibility={compatibility.data}
                isChecking={compatibility.isFetching}
                hasFailed={compatibility.isError}
                isCreating={false}
              />
            </section>
            <div className="space-y-1.5">
              <Label htmlFor={ids.prompt}>What should the email say? *</Label>
              <Textarea
                id={ids.prompt}
                rows={3}
                {...form.register('prompt')}
                aria-invalid={errors.prompt ? true : undefined}
                aria-describedby={errors.prompt ? `${ids.prompt}-error` : undefined}
              />
              {errors.prompt?.message && (
                <p id={`${ids.prompt}-error`} className="text-xs font-medium text-red-700">
                  {errors.prompt.message}
                </p>
              )}
              <div className="flex flex-wrap gap-1.5 pt-1" role="group" aria-label="Quick prompts">
                {CAMPAIGN_QUICK_PROMPTS.map((prompt) => (
                  <button
                    key={prompt}
                    type="button"
                    className="rounded-full border border-slate-300 bg-white px-2.5 py-1 text-xs text-slate-700 hover:border-indigo-600 hover:text-indigo-700"
                    onClick={() =>
                      form.setValue('prompt', prompt, { shouldValidate: form.formState.isSubmitted })
                    }
                  >
                    {prompt}
                  </button>
                ))}
              </div>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Theme (optional)"
                {...form.register('theme')}
                placeholder="Spring, open day…"
              />
              <div className="space-y-1.5">
                <Label htmlFor={ids.voice}>Voice setting</Label>
                <Select id={ids.voice} {...form.register('voice_id')}>
                  {voiceOptions.map((voice) => (
                    <option key={voice.id} value={voice.id}>
                      {voice.name}
                      {voice.is_default ? ' (default)' : ''}
                    </option>
                  ))}
                </Select>
              </div>
              <div className="space-y-1.5">
                <Label htmlFor={ids.level}>Personalization</Label>
                <Select id={ids.level} {...form.register('personalization_level')}>
                  {CAMPAIGN_PERSONALIZATION_LEVELS.map((level) => (
                    <option key={level} value={level}>
                      {TEMPLATE_PERSONALIZATION_LABELS[level]}: {TEMPLATE_PERSONALIZATION_MEANINGS[level]}
                    </option>
                  ))}
                </Select>
              </div>
              <fieldset className="space-y-1">
                <legend className="text-sm font-medium text-slate-800">Drafts</legend>
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    value="individual"
                    {...form.register('campaign_mode')}
                    className="accent-indigo-600"
                  />
                  One per segment
                </label>
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    value="single"
                    {...form.register('campaign_mode')}
                    className="accent-indigo-600"
                  />
                  One shared draft
                </label>
                {mode === 'individual' && segmentIds.length > 1 && (
                  <p className="text-xs text-slate-600">{segmentIds.length} drafts will be written.</p>
                )}
              </fieldset>
            </div>
            <div className="flex flex-wrap gap-x-6">
              <CheckboxField label="Use the knowledge base" {...form.register('use_knowledge_base')} />
              <CheckboxField label="Include resources as links" {...form.register('include_resources')} />
              <CheckboxField label="Start from a template" {...form.register('use_template')} />
            </div>
            {useTemplate && (
              <div className="space-y-1.5">
                <Label htmlFor={ids.template}>Template *</Label>
                <Select
                  id={ids.template}
                  {...form.register('template_id')}
                  aria-invalid={errors.template_id ? true : undefined}
                  aria-describedby={errors.template_id ? `${ids.template}-error` : undefined}
                >
                  <option value="">{templates.isPending ? 'Loading templates…' : 'Choose a template'}</option>
                  {templates.data?.map((template) => (
                    <option key={template.id} value={template.id}>
                      {template.name}
                    </option>
                  ))}
                </Select>
                {errors.template_id?.message && (
                  <p id={`${ids.template}-error`} className="text-xs font-medium text-red-700">
                    {errors.template_id.message}
                  </p>
                )}
                <TemplatePreview templateId={templateId} />
              </div>
            )}
          </fieldset>
        </form>
      )}
    </Dialog>
  );
}
