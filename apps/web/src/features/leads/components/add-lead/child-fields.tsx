import {
  ADMIN_SPECIAL_NEEDS,
  CHILD_AGE_MAX,
  CHILD_AGE_MIN,
  CURRENT_SUPPORT_OPTIONS,
  GRADES,
} from '@lantern/contracts';
import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Controller, type Control, type UseFormRegister } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { NewLeadDraft } from './new-lead-draft';
import { OptionChecklist } from './option-checklist';

type ChildFieldsProps = {
  /** 0-based, as the form's paths count children ('children.0.name'). */
  index: number;
  control: Control<NewLeadDraft>;
  register: UseFormRegister<NewLeadDraft>;
  canRemove: boolean;
  disabled: boolean;
  onRemove: () => void;
};

/** Visible text 'Name', full name 'Child 2 Name' for screen readers and tests. */
function ChildLabel({ htmlFor, number, text }: { htmlFor: string; number: number; text: string }) {
  return (
    <Label htmlFor={htmlFor}>
      <span className="sr-only">Child {number} </span>
      {text}
    </Label>
  );
}

export function ChildFields({ index, control, register, canRemove, disabled, onRemove }: ChildFieldsProps) {
  const id = useId();
  // 1-based, as people count children and as the error messages name them.
  const number = index + 1;
  return (
    <fieldset
      className="rounded-lg border border-slate-200 bg-slate-50/60 p-4"
      aria-label={`Child ${number}`}
      disabled={disabled}
    >
      <div className="mb-3 flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-slate-900">Child {number}</h3>
        {canRemove && (
          <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove child ${number}`}>
            <Trash2 className="size-4" aria-hidden="true" />
            Remove
          </Button>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1.5fr]">
        <div className="space-y-1.5">
          <ChildLabel htmlFor={`${id}-name`} number={number} text="Name" />
          <Input id={`${id}-name`} {...register(`children.${index}.name`)} autoComplete="off" />
        </div>
        <div className="space-y-1.5">
          <ChildLabel htmlFor={`${id}-age`} number={number} text="Age" />
          <Input
            id={`${id}-age`}
            type="number"
            inputMode="numeric"
            min={CHILD_AGE_MIN}
            max={CHILD_AGE_MAX}
            step={1}
            {...register(`children.${index}.age`)}
          />
        </div>
        <div className="space-y-1.5">
          <ChildLabel htmlFor={`${id}-grade`} number={number} text="Grade" />
          <Select id={`${id}-grade`} {...register(`children.${index}.grade`)}>
            <option value="">Select grade</option>
            {GRADES.map((grade) => (
              <option key={grade} value={grade}>
                {grade}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Controller
          control={control}
          name={`children.${index}.special_needs`}
          render={({ field }) => (
            <OptionChecklist
              name={`Child ${number} Special Needs`}
              legend="Special Needs"
              options={ADMIN_SPECIAL_NEEDS}
              selected={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <Controller
          control={control}
          name={`children.${index}.current_support`}
          render={({ field }) => (
            <OptionChecklist
              name={`Child ${number} Current Support`}
              legend="Current Support"
              options={CURRENT_SUPPORT_OPTIONS}
              selected={field.value}
              onChange={field.onChange}
            />
          )}
        />
      </div>
    </fieldset>
  );
}
