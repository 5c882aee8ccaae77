import {
  ADMIN_SPECIAL_NEEDS,
  CHILD_AGE_MAX,
  CHILD_AGE_MIN,
  CURRENT_SUPPORT_OPTIONS,
  GRADES,
} from '@lantern/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { asOptions, CheckboxGroup, InputField, optionsWithCurrent, SelectField } from './form-controls';
import { emptyChildDraft, type ChildDraft } from './lead-draft';

const gradeOptions = asOptions(GRADES);

type ChildrenEditorProps = {
  value: ChildDraft[];
  onChange: (children: ChildDraft[]) => void;
};

/** The child rows of the edit form: add as many as needed, remove while more than one remains. */
export function ChildrenEditor({ value: children, onChange }: ChildrenEditorProps) {
  const [addedKey, setAddedKey] = useState<string | null>(null);
  const canRemove = children.length > 1;

  const update = (key: string, changes: Partial<ChildDraft>) =>
    onChange(children.map((child) => (child.key === key ? { ...child, ...changes } : child)));

  function addChild() {
    const child = emptyChildDraft();
    setAddedKey(child.key);
    onChange([...children, child]);
  }

  return (
    <div className="space-y-4">
      {children.map((child, index) => (
        <ChildRow
          key={child.key}
          child={child}
          number={index + 1}
          isNew={child.key === addedKey}
          onChange={(changes) => update(child.key, changes)}
          onRemove={canRemove ? () => onChange(children.filter((c) => c.key !== child.key)) : undefined}
        />
      ))}
      <Button variant="secondary" size="sm" onClick={addChild}>
        <Plus className="size-4" aria-hidden="true" />
        Add Child
      </Button>
    </div>
  );
}

type ChildRowProps = {
  child: ChildDraft;
  number: number;
  isNew: boolean;
  onChange: (changes: Partial<ChildDraft>) => void;
  onRemove?: () => void;
};

function ChildRow({ child, number, isNew, onChange, onRemove }: ChildRowProps) {
  // Visible labels stay short inside the card; the hidden prefix names the child for assistive tech.
  const prefix = <span className="sr-only">Child {number} </span>;
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50/60 p-3 sm:p-4">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h4 className="text-sm font-semibold text-slate-900">Child {number}</h4>
        {onRemove ? (
          <Button variant="ghost" size="sm" aria-label={`Remove child ${number}`} onClick={onRemove}>
            <Trash2 className="size-4" aria-hidden="true" />
            Remove
          </Button>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.5fr)]">
        <InputField
          label={<>{prefix}Name</>}
          value={child.name}
          required
          autoFocus={isNew}
          maxLength={120}
          onValueChange={(name) => onChange({ name })}
        />
        <InputField
          label={<>{prefix}Age</>}
          type="number"
          inputMode="numeric"
          min={CHILD_AGE_MIN}
          max={CHILD_AGE_MAX}
          step={1}
          value={child.age}
          onValueChange={(age) => onChange({ age })}
        />
        <SelectField
          label={<>{prefix}Grade</>}
          value={child.grade}
          emptyLabel="Not set"
          options={optionsWithCurrent(gradeOptions, child.grade)}
          onValueChange={(grade) => onChange({ grade })}
        />
      </div>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <CheckboxGroup
          legend={<>{prefix}Special Needs</>}
          options={ADMIN_SPECIAL_NEEDS}
          selected={child.special_needs}
          onChange={(special_needs) => onChange({ special_needs })}
        />
        <CheckboxGroup
          legend={<>{prefix}Current Support</>}
          options={CURRENT_SUPPORT_OPTIONS}
          selected={child.current_support}
          onChange={(current_support) => onChange({ current_support })}
        />
      </div>
    </div>
  );
}
