import {
  TEMPLATE_MESSAGES,
  TEMPLATE_PERSONALIZATION_LABELS,
  TEMPLATE_PERSONALIZATION_LEVELS,
  TEMPLATE_PERSONALIZATION_MEANINGS,
} from '@lantern/contracts';
import { ShieldCheck, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox';
import { Input, Label } from '@/components/ui/input';
import { errorAt } from '@/lib/form';
import { withTag, type TemplateDraft } from './template-draft';
import { ValidationSummary, type ValidationState } from './validation-summary';

function SegmentTagsField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  error?: string;
}) {
  const [typed, setTyped] = useState('');
  const id = useId();
  const add = () => {
    onChange(withTag(value, typed));
    setTyped('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>Segment tags</Label>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Which families the template suits; spaces around a tag are trimmed and repeats ignored.
      </p>
      <div className="flex gap-2">
        <Input
          id={id}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="e.g. Autism, New families"
          aria-describedby={`${id}-hint`}
          autoComplete="off"
        />
        <Button variant="secondary" onClick={add} disabled={typed.trim() === ''}>
          Add Tag
        </Button>
      </div>
      {error && <p className="text-xs font-medium text-red-700">{error}</p>}
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2 pt-1" aria-label="Added segment tags">
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-md bg-indigo-50 py-0.5 pr-1 pl-2 text-xs font-medium text-indigo-800 ring-1 ring-indigo-600/20 ring-inset"
            >
              {tag}
              <button
                type="button"
                onClick={() => onChange(value.filter((t) => t !== tag))}
                className="rounded p-0.5 hover:bg-indigo-100"
                aria-label={`Remove tag ${tag}`}
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type SettingsTabProps = {
  isDisabled: boolean;
  validation: ValidationState;
  isValidating: boolean;
  onValidate: () => void;
};

/** Segment tags, personalization level, active, and 'Validate Template'. */
export function SettingsTab({ isDisabled, validation, isValidating, onValidate }: SettingsTabProps) {
  const { register, control, formState } = useFormContext<TemplateDraft>();
  return (
    <div className="space-y-6">
      <fieldset disabled={isDisabled} className="space-y-6">
        <Controller
          control={control}
          name="segment_tags"
          render={({ field }) => (
            <SegmentTagsField
              value={field.value}
              onChange={field.onChange}
              error={errorAt(formState.errors, 'segment_tags')}
            />
          )}
        />
        <div>
          <p className="text-sm font-medium text-slate-800" id="personalization-legend">
            Personalization level
          </p>
          <div
            role="radiogroup"
            aria-labelledby="personalization-legend"
            className="mt-2 grid gap-2 sm:grid-cols-3"
          >
            {TEMPLATE_PERSONALIZATION_LEVELS.map((level) => (
              <label
                key={level}
                className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-200 px-3 py-2.5 text-sm hover:bg-slate-50 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50"
              >
                <input
                  type="radio"
                  value={level}
                  {...register('personalization_level')}
                  className="mt-0.5 accent-indigo-600"
                />
                <span>
                  <span className="block font-medium text-slate-900">
                    {TEMPLATE_PERSONALIZATION_LABELS[level]}
                  </span>
                  <span className="block text-xs text-slate-600">
                    {TEMPLATE_PERSONALIZATION_MEANINGS[level]}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </div>
        <CheckboxField label="Active (offered when creating campaigns)" {...register('is_active')} />
      </fieldset>
      <div className="space-y-3 border-t border-slate-200 pt-5">
        <Button variant="secondary" onClick={onValidate} isLoading={isValidating} disabled={isDisabled}>
          {!isValidating && <ShieldCheck className="size-4" aria-hidden="true" />}
          {TEMPLATE_MESSAGES.validateTemplate}
        </Button>
        <ValidationSummary state={validation} />
      </div>
    </div>
  );
}
