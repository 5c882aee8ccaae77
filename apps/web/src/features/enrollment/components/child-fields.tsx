import { CHILD_AGE_MAX, CHILD_AGE_MIN, PUBLIC_SPECIAL_NEEDS } from '@lantern/contracts';
import { X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/input';
import type { ChildDraft } from '../enroll-draft';
import { describedByError, FieldError, TextInput } from './form-field';

type ChildFieldsProps = {
  child: ChildDraft;
  /** 0-based, as the error paths count ('children.0.name'). */
  index: number;
  canRemove: boolean;
  errors: Record<string, string>;
  fieldId: (path: string) => string;
  onChange: (change: Partial<ChildDraft>) => void;
  onRemove: () => void;
};

/** One child: name, age and the special-needs checklist. Labels read 'Child 2 Name' to screen readers. */
export function ChildFields({
  child,
  index,
  canRemove,
  errors,
  fieldId,
  onChange,
  onRemove,
}: ChildFieldsProps) {
  const headingId = useId();
  const number = index + 1;
  const path = (name: string) => `children.${index}.${name}`;
  const [nameId, ageId, needsId] = [
    fieldId(path('name')),
    fieldId(path('age')),
    fieldId(path('special_needs')),
  ];
  const [nameError, ageError, needsError] = [
    errors[path('name')],
    errors[path('age')],
    errors[path('special_needs')],
  ];

  function toggleNeed(option: string, isChecked: boolean) {
    const chosen = new Set(child.special_needs);
    if (isChecked) chosen.add(option);
    else chosen.delete(option);
    onChange({ special_needs: PUBLIC_SPECIAL_NEEDS.filter((need) => chosen.has(need)) });
  }

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
            value={child.name}
            onChange={(event) => onChange({ name: event.target.value })}
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
            value={child.age}
            onChange={(event) => onChange({ age: event.target.value })}
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
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {PUBLIC_SPECIAL_NEEDS.map((option) => (
            <label
              key={option}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-800 transition-colors hover:border-slate-300 has-checked:border-(--enroll-ring) has-checked:bg-(--enroll-primary-soft)"
            >
              <Checkbox
                checked={child.special_needs.includes(option)}
                onChange={(event) => toggleNeed(option, event.target.checked)}
                aria-invalid={needsError ? true : undefined}
              />
              <span>{option}</span>
            </label>
          ))}
        </div>
        {needsError && (
          <div className="mt-2">
            <FieldError fieldId={needsId} message={needsError} />
          </div>
        )}
      </fieldset>
    </div>
  );
}
