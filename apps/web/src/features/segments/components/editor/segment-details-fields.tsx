import { SEGMENT_PRIORITY_MAX, SEGMENT_PRIORITY_MIN } from '@lantern/contracts';
import { CheckboxField } from '@/components/ui/checkbox';
import { Label, TextField } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { SegmentDraft } from './segment-draft';

type Flag = 'is_active' | 'email_list_ready' | 'never_contact' | 'auto_tag';

type SegmentDetailsFieldsProps = {
  idPrefix: string;
  draft: SegmentDraft;
  nameError?: string;
  priorityError?: string;
  onChange: <K extends keyof SegmentDraft>(name: K, value: SegmentDraft[K]) => void;
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
  draft,
  nameError,
  priorityError,
  onChange,
  onNeverContactChange,
}: SegmentDetailsFieldsProps) {
  const descriptionId = `${idPrefix}-description`;
  const flag = (name: Flag) => `${idPrefix}-${name}`;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
        <TextField
          label="Segment name"
          value={draft.name}
          onChange={(event) => onChange('name', event.target.value)}
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
          value={draft.priority}
          onChange={(event) => onChange('priority', event.target.value)}
          error={priorityError}
          hint={priorityError ? undefined : '1-100; higher gets leads first'}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={descriptionId}>Description</Label>
        <Textarea
          id={descriptionId}
          rows={2}
          value={draft.description}
          onChange={(event) => onChange('description', event.target.value)}
          maxLength={1000}
          placeholder="Who belongs in this segment, and what it is used for"
        />
      </div>
      <fieldset className="min-w-0">
        <legend className="sr-only">Settings</legend>
        <div className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
          <FlagField
            id={flag('is_active')}
            label="Active"
            checked={draft.is_active}
            onChange={(checked) => onChange('is_active', checked)}
          />
          <FlagField
            id={flag('email_list_ready')}
            label="Email list ready"
            hint={draft.never_contact ? 'Off for never-contact segments' : undefined}
            checked={draft.email_list_ready}
            disabled={draft.never_contact}
            onChange={(checked) => onChange('email_list_ready', checked)}
          />
          <FlagField
            id={flag('never_contact')}
            label="Never contact"
            hint="Leads here are never emailed; such segments are not listed on this screen"
            checked={draft.never_contact}
            onChange={onNeverContactChange}
          />
          <FlagField
            id={flag('auto_tag')}
            label="Auto-tag leads"
            hint="Leads that match the rules are added automatically"
            checked={draft.auto_tag}
            onChange={(checked) => onChange('auto_tag', checked)}
          />
        </div>
      </fieldset>
    </div>
  );
}
