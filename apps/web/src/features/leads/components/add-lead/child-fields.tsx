import {
  ADMIN_SPECIAL_NEEDS,
  CHILD_AGE_MAX,
  CHILD_AGE_MIN,
  CURRENT_SUPPORT_OPTIONS,
  GRADES,
} from '@lantern/contracts';
import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { ChildDraft } from './new-lead-draft';
import { OptionChecklist } from './option-checklist';

type ChildFieldsProps = {
  child: ChildDraft;
  /** 1-based, as people count children and as the error messages name them. */
  number: number;
  canRemove: boolean;
  disabled: boolean;
  onChange: (change: Partial<ChildDraft>) => void;
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

export function ChildFields({ child, number, canRemove, disabled, onChange, onRemove }: ChildFieldsProps) {
  const id = useId();
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
          <Input
            id={`${id}-name`}
            value={child.name}
            onChange={(event) => onChange({ name: event.target.value })}
            autoComplete="off"
          />
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
            value={child.age}
            onChange={(event) => onChange({ age: event.target.value })}
          />
        </div>
        <div className="space-y-1.5">
          <ChildLabel htmlFor={`${id}-grade`} number={number} text="Grade" />
          <Select
            id={`${id}-grade`}
            value={child.grade}
            onChange={(event) => onChange({ grade: event.target.value })}
          >
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
        <OptionChecklist
          name={`Child ${number} Special Needs`}
          legend="Special Needs"
          options={ADMIN_SPECIAL_NEEDS}
          selected={child.special_needs}
          onChange={(special_needs) => onChange({ special_needs })}
        />
        <OptionChecklist
          name={`Child ${number} Current Support`}
          legend="Current Support"
          options={CURRENT_SUPPORT_OPTIONS}
          selected={child.current_support}
          onChange={(current_support) => onChange({ current_support })}
        />
      </div>
    </fieldset>
  );
}
