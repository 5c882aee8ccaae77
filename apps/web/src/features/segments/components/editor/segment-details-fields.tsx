import { SEGMENT_PRIORITY_MAX, SEGMENT_PRIORITY_MIN } from '@lantern/contracts';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { CheckboxField } from '@/components/ui/checkbox';
import { Label, TextField } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { SegmentDraft } from './segment-draft';

type Flag = 'is_active' | 'email_list_ready' | 'never_contact' | 'auto_tag';

type SegmentDetailsFieldsProps = {
  idPrefix: string;
  form: UseFormReturn<SegmentDraft>;
  nameError?: string;
  priorityError?: string;
  onNeverContactChange: (isNeverContact: boolean) => void;
};

/** A checkbox with a line under it that says what it does (read with it by screen readers). */
function FlagField({
  id,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <CheckboxField
        id={id}
        label={label}
        checked={checked}
        disabled={disabled}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.checked)}
        className={disabled ? 'cursor-not-allowed text-slate-500 hover:bg-transparent' : undefined}
      />
      {hint && (
        <p id={hintId} className="pl-7 text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/** Name, priority, description and the four settings. */
export function SegmentDetailsFields({
  idPrefix,
  form,
  nameError,
  priorityError,
  onNeverContactChange,
}: SegmentDetailsFieldsProps) {
  const { control, register, clearErrors } = form;
  const isNeverContact = useWatch({ control, name: 'never_contact' });
  const descriptionId = `${idPrefix}-description`;
  const flag = (name: Flag) => `${idPrefix}-${name}`;
  const flagField = (name: Flag, label: string, hint?: string, onChange?: (checked: boolean) => void) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FlagField
          id={flag(name)}
          label={label}
          hint={hint}
          checked={field.value}
          disabled={name === 'email_list_ready' && isNeverContact}
          onChange={onChange ?? field.onChange}
        />
      )}
    />
  );
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
        <TextField
          label="Segment name"
          // Its problem goes once the name is edited; the next save checks again.
          {...register('name', { onChange: () => clearErrors('name') })}
          error={nameError}
          maxLength={120}
          placeholder="e.g. Autism families, next school year"
          autoComplete="off"
        />
        <TextField
          label="Priority"
          type="number"
          inputMode="numeric"
          min={SEGMENT_PRIORITY_MIN}
          max={SEGMENT_PRIORITY_MAX}
          step={1}
          {...register('priority', { onChange: () => clearErrors('priority') })}
          error={priorityError}
          hint={priorityError ? undefined : '1-100; higher gets leads first'}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={descriptionId}>Description</Label>
        <Textarea
          id={descriptionId}
          rows={2}
          {...register('description')}
          maxLength={1000}
          placeholder="Who belongs in this segment, and what it is used for"
        />
      </div>
      <fieldset className="min-w-0">
        <legend className="sr-only">Settings</legend>
        <div className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
          {flagField('is_active', 'Active')}
          {flagField(
            'email_list_ready',
            'Email list ready',
            isNeverContact ? 'Off for never-contact segments' : undefined,
          )}
          {flagField(
            'never_contact',
            'Never contact',
            'Leads here are never emailed; such segments are not listed on this screen',
            onNeverContactChange,
          )}
          {flagField('auto_tag', 'Auto-tag leads', 'Leads that match the rules are added automatically')}
        </div>
      </fieldset>
    </div>
  );
}
