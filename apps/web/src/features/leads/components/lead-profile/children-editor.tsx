import {
  ADMIN_SPECIAL_NEEDS,
  CHILD_AGE_MAX,
  CHILD_AGE_MIN,
  CURRENT_SUPPORT_OPTIONS,
  GRADES,
} from '@lantern/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { asOptions, CheckboxGroup, InputField, optionsWithCurrent, SelectField } from './form-controls';
import { emptyChildDraft, type LeadDraft } from './lead-draft';

const gradeOptions = asOptions(GRADES);

type ChildrenEditorProps = {
  control: Control<LeadDraft>;
  register: UseFormRegister<LeadDraft>;
};

/** The child rows of the edit form: add as many as needed, remove while more than one remains. */
export function ChildrenEditor({ control, register }: ChildrenEditorProps) {
  // keyName 'key': the rows' own `id` is the saved child's, which goes back to the server.
  const { fields, append, remove } = useFieldArray({ control, name: 'children', keyName: 'key' });
  const canRemove = fields.length > 1;

  return (
    <div className="space-y-4">
      {fields.map((child, index) => (
        <ChildRow
          key={child.key}
          index={index}
          control={control}
          register={register}
          onRemove={canRemove ? () => remove(index) : undefined}
        />
      ))}
      <Button
        variant="secondary"
        size="sm"
        // The new row's Name takes the keyboard.
        onClick={() => append(emptyChildDraft(), { focusName: `children.${fields.length}.name` })}
      >
        <Plus className="size-4" aria-hidden="true" />
        Add Child
      </Button>
    </div>
  );
}

type ChildRowProps = ChildrenEditorProps & {
  /** 0-based, as the form's paths count children ('children.0.name'). */
  index: number;
  onRemove?: () => void;
};

function ChildRow({ index, control, register, onRemove }: ChildRowProps) {
  const number = index + 1;
  const grade = useWatch({ control, name: `children.${index}.grade` });
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
          required
          maxLength={120}
          {...register(`children.${index}.name`)}
        />
        <InputField
          label={<>{prefix}Age</>}
          type="number"
          inputMode="numeric"
          min={CHILD_AGE_MIN}
          max={CHILD_AGE_MAX}
          step={1}
          {...register(`children.${index}.age`)}
        />
        <SelectField
          label={<>{prefix}Grade</>}
          emptyLabel="Not set"
          options={optionsWithCurrent(gradeOptions, grade)}
          {...register(`children.${index}.grade`)}
        />
      </div>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Controller
          control={control}
          name={`children.${index}.special_needs`}
          render={({ field }) => (
            <CheckboxGroup
              legend={<>{prefix}Special Needs</>}
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
            <CheckboxGroup
              legend={<>{prefix}Current Support</>}
              options={CURRENT_SUPPORT_OPTIONS}
              selected={field.value}
              onChange={field.onChange}
            />
          )}
        />
      </div>
    </div>
  );
}
