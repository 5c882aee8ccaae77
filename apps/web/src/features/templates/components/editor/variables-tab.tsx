import {
  TEMPLATE_SYSTEM_VARIABLES,
  TEMPLATE_VARIABLE_TYPE_LABELS,
  TEMPLATE_VARIABLE_TYPES,
} from '@lantern/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox';
import { Label, TextField } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorAt } from '@/lib/form';
import { newVariable, type TemplateDraft } from './template-draft';

function VariableRow({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { register, formState } = useFormContext<TemplateDraft>();
  const { errors } = formState;
  const typeId = useId();
  const at = (field: string) => `variables_schema.${index}.${field}` as const;
  const key = useWatch<TemplateDraft>({ name: `variables_schema.${index}.key` }) as string;
  const rowName = key.trim() || `variable ${index + 1}`;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" aria-label={`Variable ${rowName}`}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Key"
          {...register(`variables_schema.${index}.key`)}
          error={errorAt(errors, at('key'))}
          placeholder="child_name"
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          label="Display label"
          {...register(`variables_schema.${index}.label`)}
          error={errorAt(errors, at('label'))}
          placeholder="Child's name"
          autoComplete="off"
        />
        <div className="space-y-1.5">
          <Label htmlFor={typeId}>Type</Label>
          <Select id={typeId} {...register(`variables_schema.${index}.type`)}>
            {TEMPLATE_VARIABLE_TYPES.map((type) => (
              <option key={type} value={type}>
                {TEMPLATE_VARIABLE_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        </div>
        <TextField
          label="Default value"
          {...register(`variables_schema.${index}.default_value`)}
          error={errorAt(errors, at('default_value'))}
          autoComplete="off"
        />
        <TextField
          label="Description"
          {...register(`variables_schema.${index}.description`)}
          error={errorAt(errors, at('description'))}
          className="sm:col-span-2"
          autoComplete="off"
        />
      </div>
      <div className="mt-3 flex items-center justify-between gap-3">
        <CheckboxField label="Required" {...register(`variables_schema.${index}.required`)} />
        <Button variant="ghost" size="sm" onClick={onRemove} className="text-red-700 hover:bg-red-50">
          <Trash2 className="size-4" aria-hidden="true" />
          Remove<span className="sr-only"> {rowName}</span>
        </Button>
      </div>
    </li>
  );
}

/** Declared variables (key and label required); placeholders used but not declared can be added in one click. */
export function VariablesTab({ detected, isDisabled }: { detected: string[] | null; isDisabled: boolean }) {
  const { control } = useFormContext<TemplateDraft>();
  const { fields, append, remove } = useFieldArray({ control, name: 'variables_schema' });
  const declared = useWatch({ control, name: 'variables_schema' });
  const declaredKeys = new Set(declared.map((variable) => variable.key.trim()));
  const undeclared = (detected ?? []).filter(
    (name) => !declaredKeys.has(name) && !TEMPLATE_SYSTEM_VARIABLES.includes(name),
  );
  return (
    <fieldset disabled={isDisabled} className="space-y-4">
      <legend className="sr-only">Variables</legend>
      {undeclared.length > 0 && (
        <div className="rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-900">
          <p className="font-medium">Used in the template but not declared:</p>
          <div className="mt-2 flex flex-wrap gap-2">
            {undeclared.map((name) => (
              <Button key={name} variant="secondary" size="sm" onClick={() => append(newVariable(name))}>
                <Plus className="size-4" aria-hidden="true" />
                Add <code className="font-mono">{name}</code>
              </Button>
            ))}
          </div>
        </div>
      )}
      {fields.length === 0 ? (
        <p className="text-sm text-slate-600">
          No variables declared. Declare each placeholder the template uses, with its label and an optional
          default. The unsubscribe and forward links are filled in for every family and need no declaring.
        </p>
      ) : (
        <ol className="space-y-3">
          {fields.map((field, index) => (
            <VariableRow key={field.id} index={index} onRemove={() => remove(index)} />
          ))}
        </ol>
      )}
      <Button variant="secondary" onClick={() => append(newVariable())}>
        <Plus className="size-4" aria-hidden="true" />
        Add Variable
      </Button>
    </fieldset>
  );
}
