import { CHILD_AGE_MAX, CHILD_AGE_MIN, PUBLIC_SPECIAL_NEEDS } from '@lantern/contracts';
import { X } from 'lucide-react';
import { useId } from 'react';
import { Controller, type Control, type UseFormRegister } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/input';
import type { EnrollFormDraft } from '../enroll-draft';
import { describedByError, FieldError, TextInput } from './form-field';

type ChildFieldsProps = {
  /** 0-based, as the form's paths count ('children.0.name'). */
  index: number;
  control: Control<EnrollFormDraft>;
  register: UseFormRegister<EnrollFormDraft>;
  canRemove: boolean;
  errorOf: (path: string) => string | undefined;
  fieldId: (path: string) => string;
  onRemove: () => void;
};

/** One child: name, age and the special-needs checklist. Labels read 'Child 2 Name' to screen readers. */
/** The checklist's choice after one box changes, in the list's order. */
function toggledNeeds(chosen: string[], option: string, isChecked: boolean): string[] {
  const next = new Set(chosen);
  if (isChecked) next.add(option);
  else next.delete(option);
  return PUBLIC_SPECIAL_NEEDS.filter((need) => next.has(need));
}

export function ChildFields({
  index,
  control,
  register,
  canRemove,
  errorOf,
  fieldId,
  onRemove,
}: ChildFieldsProps) {
  const headingId = useId();
  const number = index + 1;
  const path = (name: 'name' | 'age' | 'special_needs') => `children.${index}.${name}` as const;
  const [nameId, ageId, needsId] = [
    fieldId(path('name')),
    fieldId(path('age')),
    fieldId(path('special_needs')),
  ];
  const [nameError, ageError, needsError] = [
    errorOf(path('name')),
    errorOf(path('age')),
    errorOf(path('special_needs')),
  ];

  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-slate-50/70 p-4 sm:p-5"
    >
      <div className="mb-4 flex min-h-8 items-center justify-between gap-3">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          Child {number}
        </h3>
        {canRemove && (
          <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove Child ${number}`}>
            <X className="size-4" aria-hidden="true" />
            Remove
          </Button>
        )}
      </div>

      <div className="grid gap-5 sm:grid-cols-[1fr_10rem]">
        <div className="space-y-1.5">
          <Label htmlFor={nameId}>
            <span className="sr-only">Child {number} </span>Name
          </Label>
          <TextInput
            id={nameId}
            autoComplete="off"
            {...register(path('name'))}
            {...describedByError(nameId, nameError)}
          />
          <FieldError fieldId={nameId} message={nameError} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={ageId}>
            <span className="sr-only">Child {number} </span>Age
          </Label>
          <TextInput
            id={ageId}
            type="number"
            inputMode="numeric"
            min={CHILD_AGE_MIN}
            max={CHILD_AGE_MAX}
            step={1}
            className="max-w-32 sm:max-w-none"
            {...register(path('age'))}
            {...describedByError(ageId, ageError)}
          />
          <FieldError fieldId={ageId} message={ageError} />
        </div>
      </div>

      <fieldset
        id={needsId}
        aria-describedby={needsError ? `${needsId}-hint ${needsId}-error` : `${needsId}-hint`}
        className="mt-5"
      >
        <legend className="text-sm font-medium text-slate-800">
          <span className="sr-only">Child {number} </span>Special Needs
        </legend>
        <p id={`${needsId}-hint`} className="mt-0.5 text-sm text-slate-600">
          Select all that apply.
        </p>
        <Controller
          control={control}
          name={`children.${index}.special_needs`}
          render={({ field }) => (
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {PUBLIC_SPECIAL_NEEDS.map((option) => (
                <label
                  key={option}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-800 transition-colors hover:border-slate-300 has-checked:border-(--enroll-ring) has-checked:bg-(--enroll-primary-soft)"
                >
                  <Checkbox
                    checked={field.value.includes(option)}
                    onChange={(event) =>
                      field.onChange(toggledNeeds(field.value, option, event.target.checked))
                    }
                    aria-invalid={needsError ? true : undefined}
                  />
                  <span>{option}</span>
                </label>
              ))}
            </div>
          )}
        />
        {needsError && (
          <div className="mt-2">
            <FieldError fieldId={needsId} message={needsError} />
          </div>
        )}
      </fieldset>
    </div>
  );
}
