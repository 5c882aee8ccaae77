import { zodResolver } from '@hookform/resolvers/zod';
import {
  VOICE_MESSAGES,
  VOICE_PREFERRED_LENGTHS,
  VOICE_PRESETS,
  voiceLengthLabel,
  type VoicePreset,
  type VoiceSetting,
} from '@lantern/contracts';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { Label, TextField } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { useSaveVoiceSetting } from '../../api/voice-settings';
import { TermListInput } from './term-list-input';
import {
  emptyVoiceDraft,
  toCreateVoiceBody,
  toUpdateVoiceBody,
  toVoiceDraft,
  voiceDraftSchema,
  type VoiceDraft,
} from './voice-draft';

type VoiceSettingFormDialogProps = {
  /** A setting to edit, or null to create (optionally from a preset). */
  voice: VoiceSetting | null;
  preset?: VoicePreset;
  /** A new setting's starting values (the built-in default, saved as a real setting). */
  startFrom?: VoiceSetting;
  onClose: () => void;
  onSaved: (voice: VoiceSetting) => void;
};

/** The Voice Setting form (2.8, 5.7). */
export function VoiceSettingFormDialog({
  voice,
  preset,
  startFrom,
  onClose,
  onSaved,
}: VoiceSettingFormDialogProps) {
  const ids = { form: useId(), description: useId(), length: useId(), preset: useId() };
  const save = useSaveVoiceSetting();
  const isEditing = !!voice;
  const form = useForm<VoiceDraft>({
    resolver: zodResolver(voiceDraftSchema),
    defaultValues: voice
      ? toVoiceDraft(voice)
      : startFrom
        ? toVoiceDraft(startFrom)
        : preset
          ? toVoiceDraft(VOICE_PRESETS[preset])
          : emptyVoiceDraft(),
  });
  const { errors } = form.formState;

  const submit = (draft: VoiceDraft) =>
    save.mutate(
      voice ? { id: voice.id, body: toUpdateVoiceBody(draft) } : { id: null, body: toCreateVoiceBody(draft) },
      {
        onSuccess: (response) => {
          if ('voice_setting' in response) onSaved(response.voice_setting);
        },
      },
    );

  function applyPreset(name: string) {
    if (!(name in VOICE_PRESETS)) return;
    const values = toVoiceDraft(VOICE_PRESETS[name as VoicePreset]);
    form.reset({ ...values, is_default: form.getValues('is_default') });
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !save.isPending && onClose()}
      title={isEditing ? 'Edit Voice Setting' : 'New Voice Setting'}
      description="How campaign drafts sound: tone, perspective, style, length and call to action."
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={ids.form} isLoading={save.isPending}>
            {save.isPending ? 'Saving...' : isEditing ? 'Save Changes' : 'Create Voice Setting'}
          </Button>
        </>
      }
    >
      <form
        id={ids.form}
        noValidate
        onSubmit={(e) => void form.handleSubmit(submit)(e)}
        className="space-y-4"
      >
        {save.isError && <Alert tone="error">{errorMessage(save.error, VOICE_MESSAGES.saveFailed)}</Alert>}
        <fieldset disabled={save.isPending} className="space-y-4">
          {!isEditing && (
            <div className="space-y-1.5">
              <Label htmlFor={ids.preset}>Start from a preset</Label>
              <Select
                id={ids.preset}
                defaultValue={preset ?? ''}
                onChange={(event) => applyPreset(event.target.value)}
              >
                <option value="">Blank</option>
                {(Object.keys(VOICE_PRESETS) as VoicePreset[]).map((key) => (
                  <option key={key} value={key}>
                    {VOICE_PRESETS[key].name}
                  </option>
                ))}
              </Select>
            </div>
          )}
          <TextField
            label="Name *"
            {...form.register('name')}
            error={errors.name?.message}
            autoComplete="off"
          />
          <div className="space-y-1.5">
            <Label htmlFor={ids.description}>Description</Label>
            <Textarea id={ids.description} rows={2} {...form.register('description')} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Tone *"
              {...form.register('tone')}
              error={errors.tone?.message}
              placeholder="warm, supportive"
            />
            <TextField
              label="Perspective *"
              {...form.register('perspective')}
              error={errors.perspective?.message}
            />
            <TextField label="Style *" {...form.register('style')} error={errors.style?.message} />
            <TextField
              label="CTA style *"
              {...form.register('cta_style')}
              error={errors.cta_style?.message}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={ids.length}>Preferred length *</Label>
            <Select
              id={ids.length}
              {...form.register('preferred_length')}
              aria-invalid={errors.preferred_length ? true : undefined}
              aria-describedby={errors.preferred_length ? `${ids.length}-error` : undefined}
              className="max-w-xs"
            >
              {VOICE_PREFERRED_LENGTHS.map((length) => (
                <option key={length} value={length}>
                  {voiceLengthLabel(length)}
                </option>
              ))}
            </Select>
            {errors.preferred_length?.message && (
              <p id={`${ids.length}-error`} className="text-xs font-medium text-red-700">
                {errors.preferred_length.message}
              </p>
            )}
          </div>
          <Controller
            control={form.control}
            name="avoid_terms"
            render={({ field }) => (
              <TermListInput
                label="Avoid terms"
                value={field.value}
                onChange={field.onChange}
                placeholder="e.g. guarantees"
              />
            )}
          />
          <Controller
            control={form.control}
            name="include_elements"
            render={({ field }) => (
              <TermListInput
                label="Include elements"
                value={field.value}
                onChange={field.onChange}
                placeholder="e.g. practical tips"
              />
            )}
          />
          {!voice?.is_default && (
            <CheckboxField label="Make this the default voice" {...form.register('is_default')} />
          )}
        </fieldset>
      </form>
    </Dialog>
  );
}
